"""Issue 11: ``kernel.flat.flat_view``, the flat view the copies of a trial in and out take of
its buffers, is ``reshape(-1)`` of a C-contiguous array without numba's call: the same
elements in the same order, the same memory (a write through it is a write to the array), and
no other layout compiles."""

from __future__ import annotations

import numpy as np
import pytest
from numba.core.errors import TypingError

from engine.batch.kernel.flat import flat_view
from engine.batch.kernel.jit import entry, njit


@njit
def _read(array: np.ndarray, out: np.ndarray) -> None:
    flat = flat_view(array)
    for j in range(flat.shape[0]):
        out[j] = flat[j]


@njit
def _write_at(array: np.ndarray, j: int, value: int) -> int:
    flat = flat_view(array)
    flat[j] = value
    return int(flat.shape[0])


@entry
def _own_flat() -> tuple[np.ndarray, np.ndarray]:
    """A view of an array the compiled code allocated, returned with it (reference counted)."""
    rows = np.zeros((3, 4), dtype=np.int64)
    return rows, flat_view(rows)


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int64, np.float64])
@pytest.mark.parametrize("shape", [(3, 5), (1, 7), (2, 3, 4), (4, 0)])
def test_flat_view_reads_every_element_in_order(dtype: type, shape: tuple[int, ...]) -> None:
    array = np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape)
    out = np.full(array.size, -1, dtype=dtype)
    _read(array, out)
    np.testing.assert_array_equal(out, array.reshape(-1))


def test_flat_view_writes_through_to_the_array() -> None:
    array = np.zeros((4, 6), dtype=np.int64)
    assert _write_at(array, 13, 7) == 24
    expected = np.zeros((4, 6), dtype=np.int64)
    expected[2, 1] = 7
    np.testing.assert_array_equal(array, expected)


def test_flat_view_of_an_array_compiled_code_made_shares_its_memory() -> None:
    rows, flat = _own_flat()
    flat[5] = 9
    assert rows[1, 1] == 9 and flat.shape == (12,)


def test_flat_view_of_a_strided_array_does_not_compile() -> None:
    strided = np.zeros((4, 6), dtype=np.int64)[:, ::2]
    with pytest.raises(TypingError):
        _write_at(strided, 0, 1)

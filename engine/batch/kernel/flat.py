"""A C-contiguous array as one flat run of its elements, in compiled code, without a call.

numba's ``reshape`` (and ``ravel``, made of it) calls ``numba_attempt_nocopy_reshape``, a C
function it cannot inline, for any array: the copies of a trial in and out take a flat view of
the trial's buffers each time, and that call carried 1.2% of mana-tap's samples. A C-contiguous
array's elements are one run already: its flat view is the same data with one dimension.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
from numba.core import config as numba_config
from numba.core import types
from numba.core.imputils import impl_ret_borrowed
from numba.extending import intrinsic
from numba.np.arrayobj import make_array, populate_array


@intrinsic
def _flat_view(typingctx: Any, array: Any) -> Any:
    """``array.reshape(-1)`` of a C-contiguous array (compile-time error for another layout):
    a view of the same memory (and of the same owner, for reference counting)."""
    if not isinstance(array, types.Array) or array.layout != "C":
        return None
    flat_type = array.copy(ndim=1, layout="C")

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        given = make_array(signature.args[0])(context, builder, args[0])  # type: ignore[no-untyped-call]
        out = make_array(signature.return_type)(context, builder)  # type: ignore[no-untyped-call]
        populate_array(  # type: ignore[no-untyped-call]
            out,
            data=given.data,
            shape=[given.nitems],
            strides=[given.itemsize],
            itemsize=given.itemsize,
            meminfo=given.meminfo,
            parent=given.parent,
        )
        value = out._getvalue()
        return impl_ret_borrowed(context, builder, signature.return_type, value)  # type: ignore[no-untyped-call]

    return flat_type(array), codegen


# the intrinsic as its callers see it (numba passes the typing context itself); with
# NUMBA_DISABLE_JIT the kernel runs as Python, where numpy's ravel is the same view
_PYTHON = getattr(numba_config, "DISABLE_JIT")  # noqa: B009 (not in numba's stubs)
_VIEW = np.ravel if _PYTHON else _flat_view
flat_view = cast(Callable[[np.ndarray], np.ndarray], _VIEW)

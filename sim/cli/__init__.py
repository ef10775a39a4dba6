"""The ``cauldron`` command line; ``python -m sim.cli`` runs it too."""

"""Experiment shapes, one folder each (config, draws, statistics, metrics); adding a shape is
adding a folder and one entry in ``registry``."""

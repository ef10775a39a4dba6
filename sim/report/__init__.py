"""The run folder's ``report.html``: read back, sections, charts, page, replayed examples."""

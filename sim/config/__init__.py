"""Input files: experiment and scenario TOML, typed readers that name the key path of every
error, the players table and the small discrete distributions experiments draw from."""

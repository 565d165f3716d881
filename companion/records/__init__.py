"""Play records: turn clocks, the score over time, statistics per game, exports and backups."""

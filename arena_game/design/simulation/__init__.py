"""Bot-vs-bot balance simulation: parallel series of matches, statistics, heatmaps, report."""

"""What the page asks beyond the table: events, the declared contract, replays,
share links, the rules editor and metadata, the deal review's requests."""

"""hhaudit: Texas Hold'em hand-history parser and pot auditor."""

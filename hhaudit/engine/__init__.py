"""The audit engine: one hand's events judged against the rules of poker.

- `findings`: what every rule module shares (a `Finding`, the `AuditedHand` it lands in, and
  the `Judge` protocol through which a rule reports it), so no rule module imports its caller;
- `replay`: the table's state, event by event;
- `rules`: the rule registry and the betting rules judged on each action;
- `pots`: the pots rebuilt and the payouts judged; `evaluator`: the showdown's hand ranks;
- `live_rules` and `house_rules`: the dealer's rules of a live log and the room's options;
- `games`: which games are audited, from the header or the cards;
- `auditor`: one hand through all of them, the findings linked to their causes.

The reading (`hhaudit.reading`, `parsing`, `formats`), the writing (`tables`, `outdir`,
`pipeline`) and the CLI stay outside it, and import it; it imports none of them.
"""

"""The compiled deck game (issue #13): ``game.play_games`` over a batch of deals, reading one
deck's tables (``engine.batch.deck.tables``); ``pools`` packs mana, ``frontier`` finds what
the sources could make (106.7)."""

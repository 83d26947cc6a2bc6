"""tabletop-sim: balance studies (deck-versus-deck matrices, card studies) played
by the engine in chunks, on a Dask cluster or in one process, with exact totals.

A study is plain data (study.py); it splits into chunks whose seeds come only
from the master seed and the chunk's place in the study (chunks.py); each chunk
is played by ``tabletop.play_games`` and counted into integer totals (tally.py),
merged once per chunk whatever runs them (cluster.py); report.py writes the CSV
files and plots. docs/simulation.md describes the command and every output.
"""

from .study import Matchup, Study, matrix_study, card_study
from .chunks import Chunk, split, play_chunk
from .tally import Tally, Totals
from .cluster import run_study

__all__ = [
    "Matchup", "Study", "matrix_study", "card_study",
    "Chunk", "split", "play_chunk", "Tally", "Totals", "run_study",
]

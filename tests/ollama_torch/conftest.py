import sys
from pathlib import Path

# Let these tests import their helpers (support.py) by name.
sys.path.insert(0, str(Path(__file__).parent))

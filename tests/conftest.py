import sys
from pathlib import Path

# Let tests import the helpers in tests/hosts.py as `hosts`.
sys.path.insert(0, str(Path(__file__).parent))

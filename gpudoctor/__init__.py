"""gpudoctor: finds why a multi-GPU NVIDIA machine does not work together, and fixes what it safely can."""

import os as _os
import sys as _sys

__version__ = "0.1.0"


class _CheckoutFolders:
    """Finds gpudoctor.checks and gpudoctor.fixes in a checkout's top-level checks/ and fixes/.

    They install as those subpackages (pyproject.toml's package-dir). Imported from a checkout
    (`python -m gpudoctor`, the tests) while a wheel is installed, this gpudoctor/ has no such folders;
    an editable install maps them itself. CONTRIBUTING.md ("Where checks/ and fixes/ live") says why.
    """

    def __init__(self, root: str) -> None:
        self.root = root

    def find_spec(self, name, path=None, target=None):
        package, _, folder = name.rpartition(".")
        if package != __name__ or folder not in ("checks", "fixes"):
            return None
        from importlib.util import spec_from_file_location

        location = _os.path.join(self.root, folder)
        return spec_from_file_location(name, _os.path.join(location, "__init__.py"),
                                       submodule_search_locations=[location])


_root = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
_in_checkout = all(_os.path.isfile(_os.path.join(_root, *path)) for path in (("pyproject.toml",),
                                                                            ("checks", "__init__.py")))
if _in_checkout:
    _sys.meta_path.append(_CheckoutFolders(_root))

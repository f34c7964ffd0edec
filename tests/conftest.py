import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Every test runs headless, whatever the caller's environment says.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# A property test fails on behaviour, never on speed: Hypothesis's default 200 ms deadline per
# example and its "too slow" health check are wall-clock tests, which a busy machine (two cores
# shared) trips. Timing goals live in benchmarks/.
settings.register_profile("euchre-qt", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("euchre-qt")


# No test touches the user's folders. The run gets a home of its own (HOME and the XDG
# folders, which every path the program finds by itself comes from) and the program's folders
# beside it (EUCHRE_QT_CONFIG_DIR, EUCHRE_QT_DATA_DIR; tests/app gives each test its own);
# subprocesses inherit them. Anything of euchre-qt's found in that home after the run was
# written by code that ignored those folders: the run fails, naming it.
RUN_FOLDER = Path(tempfile.mkdtemp(prefix="euchre-qt-tests-"))
HOME = RUN_FOLDER / "home"
_REAL_PIP_CONFIG = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "pip" / "pip.conf"
if _REAL_PIP_CONFIG.is_file() and "PIP_CONFIG_FILE" not in os.environ:
    # (read only: the packaging test's pip still finds this machine's package index)
    os.environ["PIP_CONFIG_FILE"] = str(_REAL_PIP_CONFIG)
os.environ["HOME"] = str(HOME)
for _name, _folder in (
    ("XDG_CONFIG_HOME", ".config"),
    ("XDG_DATA_HOME", ".local/share"),
    ("XDG_CACHE_HOME", ".cache"),
    ("XDG_STATE_HOME", ".local/state"),
):
    os.environ[_name] = str(HOME / _folder)
os.environ["EUCHRE_QT_CONFIG_DIR"] = str(RUN_FOLDER / "config")
os.environ["EUCHRE_QT_DATA_DIR"] = str(RUN_FOLDER / "data")
HOME.mkdir()


def strays(home: Path) -> list[str]:
    """The files and folders of euchre-qt's in ``home`` (none may be there)."""
    return sorted(str(path.relative_to(home)) for path in home.rglob("*") if "euchre" in path.name.lower())


@pytest.fixture(scope="session")
def run_folder() -> Path:
    """The run's own folder: its home (``home``) and the program's folders beside it."""
    return RUN_FOLDER


@pytest.fixture(scope="session")
def find_strays() -> Callable[[Path], list[str]]:
    return strays


@pytest.fixture(scope="session", autouse=True)
def nothing_written_in_the_home() -> Iterator[None]:
    yield
    found = strays(HOME)
    shutil.rmtree(RUN_FOLDER, ignore_errors=True)
    assert not found, f"tests wrote into the user's folders (not EUCHRE_QT_CONFIG_DIR / EUCHRE_QT_DATA_DIR): {found}"


# More workers than 4 would mostly wait on each other: many tests start servers and helper
# processes of their own, and the suite must pass on a busy machine.
MOST_WORKERS = 4


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(MOST_WORKERS, usable or 1))


def pytest_unconfigure(config: pytest.Config) -> None:
    # (the process that hands the tests to pytest-xdist's workers runs none, so the fixture
    # above never removes its folder)
    shutil.rmtree(RUN_FOLDER, ignore_errors=True)

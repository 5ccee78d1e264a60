"""Every error solo raises on purpose belongs to one family, SoloError: the CLI, the REPL
and batch play show those as one ``solo: error:`` line, and everything else as a bug."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import solo
from solo.errors import SoloError


def _solo_modules() -> list[str]:
    return [info.name for info in pkgutil.walk_packages(solo.__path__, "solo.")
            if not info.name.endswith("__main__")]  # importing __main__ would run solo


def _exception_classes() -> dict[str, type[BaseException]]:
    """Every exception class a module of solo defines, by its qualified name."""
    found = {}
    for name in _solo_modules():
        module = importlib.import_module(name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__ == name:
                found[f"{name}.{value.__qualname__}"] = value
    return found


def test_every_exception_class_solo_defines_is_a_solo_error():
    classes = _exception_classes()
    # the walk reaches every layer, private classes included
    for expected in ("solo.errors.UsageError", "solo.rules.expr_types.ExprError",
                     "solo.engine.state.StateError", "solo.journal.store.JournalChanged",
                     "solo.journal.yaml12.YamlProblem", "solo.journal.header._Wrong",
                     "solo.play.batch.NotSaved"):
        assert expected in classes
    outside = sorted(name for name, cls in classes.items()
                     if not issubclass(cls, SoloError) and not _a_count_signal(name, cls))
    assert outside == []


def _a_count_signal(name: str, cls: type[BaseException]) -> bool:
    """The exact odds' own signals (a die past the path, too many plays, a state that cannot
    be compared) stop a play of the count and are caught by it: BaseExceptions, as
    GeneratorExit is, so that no ``except Exception`` swallows one, and only in the
    forecast's modules."""
    return name.startswith("solo.engine.forecast") and not issubclass(cls, Exception)


def test_the_count_s_signals_are_the_forecast_s_own():
    signals = [name for name, cls in _exception_classes().items()
               if _a_count_signal(name, cls)]
    assert "solo.engine.forecast_tree.TooMany" in signals
    assert all(name.startswith("solo.engine.forecast") for name in signals)


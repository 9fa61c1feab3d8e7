"""Stopping training when parameters diverge."""

from __future__ import annotations

from typing import Any

from tapejit.training import extension


class FailOnNonNumber(extension.Extension):
    """Raises RuntimeError when a parameter of any optimizer's target holds NaN or
    infinity (so a diverged run stops at once).

    >>> from tapejit.training import extensions
    >>> extensions.FailOnNonNumber().trigger
    (1, 'iteration')
    """

    def __call__(self, trainer: Any) -> None:
        for name, optimizer in trainer.updater.get_all_optimizers().items():
            target = optimizer.target
            xp = target.xp
            for pname, param in target.namedparams(False):
                if not bool(xp.isfinite(param.array).all()):
                    raise RuntimeError(f"Kill the process since parameters in optimizer "
                                       f"'{name}' diverge ({pname} holds NaN or inf). R.I.P.")

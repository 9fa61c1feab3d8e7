"""A trigger that fires once, at the start (and after a resume)."""

from __future__ import annotations

import warnings
from typing import Any


class OnceTrigger:
    """Fires at the first call only, and again at the first call after a
    resume where ``call_on_resume``.  :attr:`finished` says whether it will
    fire again (the Trainer then skips its extension's ``initialize``).

    >>> from tapejit.training.triggers import OnceTrigger
    >>> trigger = OnceTrigger()
    >>> [trigger(None) for _ in range(3)], trigger.finished
    ([True, False, False], True)
    """

    def __init__(self, call_on_resume: bool = False) -> None:
        self._flag_first = True
        self._flag_resumed = call_on_resume

    @property
    def finished(self) -> bool:
        """Whether it will not fire again."""
        return not (self._flag_first or self._flag_resumed)

    def __call__(self, trainer: Any) -> bool:
        """Whether the extension runs now: at the first call (or resume)."""
        fire = not self.finished
        self._flag_first = self._flag_resumed = False
        return fire

    def serialize(self, serializer: Any) -> None:
        """Save or load whether it has fired (a snapshot taken before it did
        resumes firing; one without the flag, as having fired)."""
        try:
            self._flag_first = serializer('_flag_first', self._flag_first)
        except KeyError:
            warnings.warn('OnceTrigger: the snapshot holds no flag of whether it fired; it is '
                          'taken as having fired (an extension resumed before its first call '
                          'would then not run)')
            self._flag_first = False

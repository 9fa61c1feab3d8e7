"""The part of setuptools' ``pkg_resources`` that Chainer's ``chainer.testing`` uses.

``testing.with_requires('scipy')`` asks ``pkg_resources.WorkingSet().require``
whether a distribution is installed; setuptools 81 and later no longer ship
``pkg_resources``, so the run answers the same question from
``importlib.metadata`` (whatever setuptools the environment has).
"""

from __future__ import annotations

from importlib import metadata

from packaging.requirements import Requirement


class ResolutionError(Exception):
    """A requirement is not met."""


class DistributionNotFound(ResolutionError):
    """The required distribution is not installed."""


class VersionConflict(ResolutionError):
    """The installed version is outside the required range."""


class WorkingSet:
    """The installed distributions (only ``require`` is provided)."""

    def require(self, *requirements: str) -> list:
        for text in requirements:
            req = Requirement(text)
            try:
                version = metadata.version(req.name)
            except metadata.PackageNotFoundError:
                raise DistributionNotFound(text) from None
            if not req.specifier.contains(version, prereleases=True):
                raise VersionConflict(f'{req.name} {version} is installed; {text} is required')
        return []

"""Runs one example script under measurement; ``run.py`` copies it beside the example.

Usage: ``python _harness.py SCRIPT ARGS...`` with, in the environment,
``EXAMPLE_BACKEND`` (``chainer`` or ``tapejit``), ``EXAMPLE_MODE`` (``eager``
or ``compiled``, tapejit only), ``EXAMPLE_ITERATIONS`` (the cap),
``EXAMPLE_SEED`` and ``EXAMPLE_RESULT`` (where the JSON result goes).

Before running the script (``runpy``, as ``__main__``) it seeds NumPy's and
Python's generators and hooks the backend's classes, leaving the script's text alone:

- ``Trainer``: its stop trigger also fires after the cap, and each
  ``updater.update()`` is timed, its reported ``*loss*`` values kept;
- ``Optimizer.setup``: each ``update()`` of an optimizer is timed (used where
  no Trainer runs: custom loops), the loss being the last scalar that
  ``backward()`` was called on; past the cap the script is stopped;
- tapejit eager: ``StandardUpdater`` and ``Evaluator`` get ``eager=True``;
- third-party modules that are not installed (plots, progress bars, NLTK)
  are stand-ins doing nothing, found last on the import path (NLTK's Brown
  corpus gives synthetic tagged sentences, gym synthetic environments).

The result JSON holds ``times`` (s per update), ``losses`` (per update),
``ok`` and ``error`` (the exception's last line).
"""

from __future__ import annotations

import functools
import importlib
import importlib.abc
import importlib.machinery
import json
import os
import runpy
import sys
import time
import types
from typing import Any, Callable, Optional

STAND_INS = ('matplotlib', 'PIL', 'progressbar', 'nltk', 'h5py', 'gym')


class _StopExample(BaseException):
    """Raised past the cap in a loop with no Trainer (a BaseException, so the
    script's ``except Exception`` does not catch it)."""


class _Nothing(float):
    """A value that is anything: called, indexed or asked an attribute, it
    gives another (a float 0.0, so a reported BLEU score averages)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # A progress bar wrapping a loop gives the loop back.
        if args and hasattr(args[0], '__iter__') and not isinstance(args[0], str):
            return args[0]
        return _Nothing()

    def __getattr__(self, name: str) -> '_Nothing':
        if name.startswith('__'):
            raise AttributeError(name)
        return _Nothing()

    def __iter__(self) -> Any:
        # Unpacked, it is a pair (``fig, ax = plt.subplots(...)``).
        return iter((_Nothing(), _Nothing()))

    def __enter__(self) -> '_Nothing':
        return self

    def __exit__(self, *exc: Any) -> None:
        return None


class _StandInFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds, after every real finder failed, a module of nothing for the
    third-party packages an example only uses to plot or show progress."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name.split('.')[0] in STAND_INS:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec: Any) -> types.ModuleType:
        module = types.ModuleType(spec.name)
        module.__path__ = []
        module.__getattr__ = lambda attr: _Nothing()  # type: ignore[attr-defined]
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        if module.__name__ == 'gym':  # the reinforcement learning examples' simulator
            module.make = _Env  # type: ignore[attr-defined]
            module.spaces = types.SimpleNamespace(Box=_Box, Discrete=_Discrete)  # type: ignore
            module.wrappers = types.SimpleNamespace(  # type: ignore[attr-defined]
                Monitor=lambda env, *args, **kwargs: env)
        if module.__name__ == 'nltk':  # pos reads the Brown corpus through it
            module.download = lambda *args, **kwargs: True  # type: ignore[attr-defined]
            brown = types.SimpleNamespace(tagged_sents=_tagged_sentences)
            module.corpus = types.SimpleNamespace(brown=brown)  # type: ignore[attr-defined]


class _Box:
    """Gym's box space: ``low`` and ``high`` bounds of float32 vectors."""

    def __init__(self, low: Any, high: Any) -> None:
        import numpy
        self.low = numpy.asarray(low, numpy.float32)
        self.high = numpy.asarray(high, numpy.float32)
        self.shape = self.low.shape


class _Discrete:
    """Gym's space of ``n`` actions, sampled from its own generator."""

    def __init__(self, n: int) -> None:
        import numpy
        self.n = n
        self._rng = numpy.random.RandomState(3)

    def sample(self) -> int:
        """A random action."""
        return int(self._rng.randint(self.n))


class _Env:
    """A synthetic environment with the spaces of CartPole-v0 (4 numbers, 2
    actions) or Pendulum-v0 (3 numbers, 1 action in [-2, 2]): observations
    drawn from its own generator, reward 1, episodes of 10 to 40 steps."""

    def __init__(self, name: str) -> None:
        import numpy
        self._rng = numpy.random.RandomState(4)
        if name.startswith('Pendulum'):
            self.observation_space = _Box([-1, -1, -8], [1, 1, 8])
            self.action_space: Any = _Box([-2], [2])
        else:
            self.observation_space = _Box([-4.8, -10, -0.42, -10], [4.8, 10, 0.42, 10])
            self.action_space = _Discrete(2)
        self.spec = types.SimpleNamespace(reward_threshold=195.0, timestep_limit=200)
        self._left = 0

    def _observation(self) -> Any:
        space = self.observation_space
        return space.low + (space.high - space.low) * self._rng.rand(*space.shape)

    def reset(self) -> Any:
        """A new episode's first observation."""
        self._left = int(self._rng.randint(10, 41))
        return self._observation()

    def step(self, action: Any) -> tuple:
        """(observation, reward, done, info) after ``action``."""
        self._left -= 1
        return self._observation(), 1.0, self._left <= 0, {}


def _tagged_sentences() -> list:
    """Sentences of (word, part-of-speech tag) pairs, as NLTK's Brown corpus
    gives them: 600 of 3 to 30 words, 5000 words, 100 tags."""
    import numpy
    rng = numpy.random.RandomState(2)
    return [[(f'w{w}', f't{w % 100}') for w in rng.randint(0, 5000, rng.randint(3, 31))]
            for _ in range(600)]


class Recorder:
    """What one run measured: the time and loss of each update."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.times: list[float] = []
        self.losses: list[list[float]] = []
        self.last_backward: Optional[float] = None
        self.trainer_seen = False
        self._last_end: Optional[float] = None

    def record(self, seconds: float, losses: list[float]) -> None:
        """Keeps one update's time and losses."""
        self.times.append(seconds)
        self.losses.append(losses)

    def set_up(self) -> None:
        """An optimizer was set up: a custom loop's first update is timed
        from here (it includes loading the first batch; the median of the
        times leaves the first two out), so its loss is kept too."""
        if self._last_end is None:
            self._last_end = time.perf_counter()

    def optimizer_update(self, update: Callable) -> Callable:
        """Wraps an optimizer's ``update``: timed from the end of the previous
        one (the whole iteration of a custom loop), unless a Trainer times."""
        @functools.wraps(update)
        def timed(*args: Any, **kwargs: Any) -> Any:
            if self.trainer_seen:
                return update(*args, **kwargs)
            if len(self.times) >= self.cap:
                raise _StopExample()
            result = update(*args, **kwargs)
            now = time.perf_counter()
            if self._last_end is not None:
                loss = [] if self.last_backward is None else [self.last_backward]
                self.record(now - self._last_end, loss)
            self._last_end = now
            return result
        return timed


def _losses(observation: dict) -> list[float]:
    values = []
    for key in sorted(observation):
        if 'loss' in key.split('/')[-1]:
            value = observation[key]
            value = getattr(value, 'array', value)
            try:
                values.append(float(value))
            except (TypeError, ValueError):
                pass
    return values


def _hook(chainer: Any, rec: Recorder, eager: bool) -> None:
    importlib.import_module(f'{chainer.__name__}.training')
    trainer_init = chainer.training.Trainer.__init__

    def init(trainer: Any, *args: Any, **kwargs: Any) -> None:
        trainer_init(trainer, *args, **kwargs)
        rec.trainer_seen = True
        stop = trainer.stop_trigger

        def capped(t: Any) -> bool:
            return len(rec.times) >= rec.cap or stop(t)
        capped.get_training_length = lambda: (rec.cap, 'iteration')  # type: ignore[attr-defined]
        trainer.stop_trigger = capped
        update = trainer.updater.update

        def timed() -> None:
            start = time.perf_counter()
            update()
            rec.record(time.perf_counter() - start, _losses(trainer.observation))
        trainer.updater.update = timed
    chainer.training.Trainer.__init__ = init

    setup = chainer.Optimizer.setup

    def timed_setup(optimizer: Any, *args: Any, **kwargs: Any) -> Any:
        result = setup(optimizer, *args, **kwargs)
        if 'update' not in vars(optimizer):
            optimizer.update = rec.optimizer_update(optimizer.update)
        rec.set_up()
        return result
    chainer.Optimizer.setup = timed_setup

    backward = chainer.Variable.backward

    def recorded_backward(var: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            if getattr(var, 'size', 0) == 1:
                rec.last_backward = float(var.array)
        except Exception:  # a traced value has no number yet
            pass
        return backward(var, *args, **kwargs)
    chainer.Variable.backward = recorded_backward

    if eager:
        name = chainer.__name__
        for cls in (importlib.import_module(f'{name}.training.updaters').StandardUpdater,
                    importlib.import_module(f'{name}.training.extensions').Evaluator):
            cls.__init__ = functools.partialmethod(cls.__init__, eager=True)


def main() -> None:
    """Runs ``sys.argv[1:]`` as the example, then writes the result."""
    backend = os.environ['EXAMPLE_BACKEND']
    rec = Recorder(int(os.environ.get('EXAMPLE_ITERATIONS', '20')))
    result: dict = {'ok': False, 'error': ''}
    sys.meta_path.append(_StandInFinder())
    try:
        import random

        import numpy
        seed = int(os.environ.get('EXAMPLE_SEED', '0'))
        numpy.random.seed(seed)
        random.seed(seed)  # (the replay buffers of the reinforcement learning examples)
        if backend == 'tapejit':
            import tapejit as chainer
        else:
            import chainer
        _hook(chainer, rec, os.environ.get('EXAMPLE_MODE') == 'eager')
        sys.argv = sys.argv[1:]
        try:
            runpy.run_path(sys.argv[0], run_name='__main__')
        except _StopExample:
            pass
        except SystemExit as e:
            if e.code not in (None, 0):
                raise
        result['ok'] = True
    except BaseException as e:  # noqa: B036 - everything is reported, then re-raised
        # The exception's first line: tapejit's messages go on with remedies.
        result['error'] = f'{type(e).__name__}: {(str(e).splitlines() or [""])[0]}'
        raise
    finally:
        result.update(times=rec.times, losses=rec.losses)
        with open(os.environ['EXAMPLE_RESULT'], 'w') as f:
            json.dump(result, f)


if __name__ == '__main__':
    main()

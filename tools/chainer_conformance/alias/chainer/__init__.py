"""``chainer`` as seen by Chainer's own tests: tapejit, under Chainer's name.

Every ``chainer.X`` resolves to the module ``tapejit.X`` (the same module
object, so classes and state are shared). Chainer's test infrastructure
(``chainer.testing`` and the generic helpers of ``chainer.utils``) comes from a
Chainer 7.8.1 source checkout that ``run.py`` places beside this file; a
``chainer.utils`` module that tapejit provides itself (``type_check``) wins over
Chainer's. ``chainerx`` is a stub saying it is absent, as on a Chainer install
built without it.

Nothing here fills a gap of tapejit: a name tapejit lacks raises
AttributeError or ModuleNotFoundError, and the test using it fails.
"""

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys

import tapejit
from tapejit import *  # noqa: F401,F403

_HERE = os.path.dirname(os.path.abspath(__file__))
# Subpackages taken from Chainer's checkout (copied in by run.py).
_CHAINER_OWN = ('chainer.testing', 'chainer.types')
# Subpackages whose modules come from tapejit where it has them, else Chainer's.
_EITHER = ('chainer.utils',)


# Chainer's names for modules tapejit has under another name.
_RENAMES = {
    'chainer.backend': 'tapejit.backends',
    'chainer.cuda': 'tapejit.backends.cuda',
    'chainer.configuration': 'tapejit.core.config',
    'chainer.variable': 'tapejit.core.variable',
    'chainer.function_node': 'tapejit.core.function_node',
    'chainer.link': 'tapejit.links.link',
    'chainer.optimizer': 'tapejit.optimizers.optimizer',
    'chainer.serializer': 'tapejit.serializers.npz',
    'chainer.basic_math': 'tapejit.functions.math.basic_math',
    'chainer.training.extensions.computational_graph': 'tapejit.training.extensions.dump_graph',
    'chainer.training.extensions._snapshot': 'tapejit.training.extensions.snapshot',
    # Chainer's private CPU module, for the two test files that import it (see the file).
    'chainer.backends._cpu': 'chainer._backends_cpu',
}


def _under(name, prefixes):
    return any(name == p or name.startswith(p + '.') for p in prefixes)


def _target(name):
    target = 'tapejit' + name[len('chainer'):]
    if name in _RENAMES and _find(target) is None:
        return _RENAMES[name]
    return target


def _find(target):
    try:
        return importlib.util.find_spec(target)
    except (ModuleNotFoundError, ValueError):
        return None


def _tapejit_spec(name):
    return _find(_target(name))


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``chainer.X`` as the already imported module ``tapejit.X``."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname.startswith('tapejit.'):
            return self._nested_rename(fullname, path)
        if not fullname.startswith('chainer.'):
            return None
        if _under(fullname, _CHAINER_OWN):
            return None  # the files beside this one
        if _under(fullname, _EITHER) and fullname not in _EITHER:
            if _tapejit_spec(fullname) is None:
                return None
        elif fullname in _EITHER:
            return None  # Chainer's package __init__ (generic helpers)
        if _tapejit_spec(fullname) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def _nested_rename(self, fullname, path):
        # ``from chainer.backends import _cpu`` looks for ``_cpu`` in the module
        # tapejit.backends, and then imports ``tapejit.backends._cpu``: a renamed
        # module below the top level is found under tapejit's name too (when
        # tapejit has no module of that name).
        renamed = _RENAMES.get('chainer' + fullname[len('tapejit'):])
        if renamed is None or importlib.machinery.PathFinder.find_spec(fullname, path):
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        if spec.name.startswith('tapejit.'):
            return importlib.import_module(_RENAMES['chainer' + spec.name[len('tapejit'):]])
        module = importlib.import_module(_target(spec.name))
        if hasattr(module, '__path__'):
            _register_submodules(spec.name, module)
        return module

    def exec_module(self, module):
        pass


def _register_submodules(name, package):
    """Register under Chainer's names the submodules of ``package`` (the
    module ``chainer.<name>`` is) that are imported already, as Chainer's
    package ``__init__`` files import theirs: after ``import
    chainer.serializers``, ``sys.modules`` holds ``chainer.serializers.npz``
    and ``chainer.serializers.hdf5``. Only names that the finder above would
    resolve to those very modules are registered."""
    prefix = package.__name__ + '.'
    for full, module in list(sys.modules.items()):
        if module is None or not full.startswith(prefix):
            continue
        alias = name + '.' + full[len(prefix):]
        if (alias not in sys.modules and not _under(alias, _CHAINER_OWN + _EITHER)
                and _target(alias) == full):
            sys.modules[alias] = module


sys.meta_path.insert(0, _Alias())
# The star import brought tapejit.utils; chainer.utils is Chainer's (see above).
for _name in ('testing', 'utils', 'types'):
    globals().pop(_name, None)


def __getattr__(name):
    # chainer.<name> is tapejit.<name>, or the submodule chainer.<name>; the
    # infrastructure packages are Chainer's even where tapejit has that name.
    if 'chainer.' + name in _CHAINER_OWN + _EITHER:
        return importlib.import_module('chainer.' + name)
    if hasattr(tapejit, name):
        return getattr(tapejit, name)
    try:
        return importlib.import_module('chainer.' + name)
    except ModuleNotFoundError:
        raise AttributeError(f"module 'chainer' (tapejit) has no attribute {name!r}") from None


# Chainer's own __init__ binds chainer.utils.WalkerAlias (its package
# __init__ cannot import the module, a cycle in Python 2); done here the same
# way, with tapejit's class, where tapejit has one.
# (Chainer's chainer.utils is absent until run.py copies it in.)
if hasattr(tapejit.utils, 'WalkerAlias') and importlib.util.find_spec('chainer.utils'):
    importlib.import_module('chainer.utils').WalkerAlias = tapejit.utils.WalkerAlias

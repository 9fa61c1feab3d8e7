"""The traced intermediate representation: graph, tracer, verifier, interpreter."""

from tapejit.ir.graph import Eqn, Graph, Var, verify
from tapejit.ir.interpret import interpret

__all__ = ['Eqn', 'Graph', 'Var', 'interpret', 'verify']

"""Chainer tests that fail on purpose: tapejit differs there, for the reason given.

``EXPECTED`` maps a regular expression (searched in a test's pytest node id) to
the reason; ``run.py`` counts a failing test that matches as "expected" and
lists the reasons under the result table.
"""

EXPECTED: dict[str, str] = {
    r'test_basic_math\.py::(TestLabel|ConvertValueToStringTest)':
        "tests of Chainer's internal FunctionNode classes of the arithmetic operators "
        "(Add, MulConstant... and their labels): tapejit records its primitives "
        '(add, mul...) instead, and has no such classes',
}

#!/usr/bin/env python3
"""Counts the models of a d-DNNF in d4's format with ddnnife (PyPI ddnnife, the Python
bindings of the Rust crate), over variables 1..NUM_VARS (ddnnife's total_features: the
variables the file does not mention count as free), for cross-checking
`nqueens count --cnf FILE --nnf OUT`. Prints the count. Usage: ddnnife_count.py FILE.nnf NUM_VARS"""
import sys

from ddnnife import Ddnnf

print(Ddnnf.from_file(sys.argv[1], int(sys.argv[2])).rc())

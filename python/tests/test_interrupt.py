"""Behaviour a Python user expects of long calls: Ctrl-C raises KeyboardInterrupt (the
work stops: the call returns long before the count would end), the GIL is released (two
threads count at once, and Python code runs beside a count)."""
import os
import random
import signal
import threading

import pytest

import nqueens_kit as nk


def random_3cnf(seed, n, m):
    r = random.Random(seed)
    clauses = []
    for _ in range(m):
        vs = r.sample(range(1, n + 1), 3)
        clauses.append([v if r.random() < 0.5 else -v for v in vs])
    return clauses


# Counted in tens of seconds or more (mc2022_track1_165 is of this kind).
HARD = random_3cnf(1, 80, 200)
# Counted by the model counter in a tenth of a second each (half a second in CI's
# unoptimised wheel): long enough for Python to run beside them.
MEDIUM = [random_3cnf(seed, 50, 125) for seed in (1, 2)]


# A process started in the background by a non-interactive shell inherits SIGINT ignored,
# and Python then installs no KeyboardInterrupt handler: these tests would wait out their
# counts. Ctrl-C is what they test, so they ask for Python's own handler.
signal.signal(signal.SIGINT, signal.default_int_handler)


def interrupt_after(seconds):
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.parametrize("method", ["auto", "counter"])
def test_ctrl_c_raises_keyboard_interrupt_during_a_count(method):
    timer = interrupt_after(0.3)
    # The timeout is a safety net: a count that ignored Ctrl-C would end in TimeoutError.
    with pytest.raises(KeyboardInterrupt):
        nk.count(HARD, method=method, timeout=300)
    timer.join()


def test_ctrl_c_raises_keyboard_interrupt_while_listing_solutions():
    timer = interrupt_after(0.3)
    listed = 0
    with pytest.raises(KeyboardInterrupt):
        for _ in nk.solutions(nk.Formula([], num_vars=64)):
            listed += 1
    timer.join()
    assert listed > 0


def test_timeout_raises_timeout_error():
    with pytest.raises(TimeoutError):
        nk.count(HARD, timeout=0.2)


def test_two_threads_count_at_once():
    expected = [nk.count(f, method="counter") for f in MEDIUM]
    results = [None, None]

    def work(i):
        results[i] = nk.count(MEDIUM[i], method="counter")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == expected


def test_python_runs_beside_a_count():
    done = threading.Event()
    result = []

    def work():
        result.append(nk.count(MEDIUM[0], method="counter"))
        done.set()

    t = threading.Thread(target=work)
    t.start()
    ticks = 0
    while not done.is_set():
        ticks += 1  # would not run while a count held the GIL
        done.wait(0.001)
    t.join()
    assert ticks > 10 and result == [nk.count(MEDIUM[0], method="counter")]

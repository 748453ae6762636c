"""The club night as one stored session: event, section, movement, entry, boards and hand records, tables, results.

``movement`` and ``movement_gen`` describe who sits where (a movement is data); ``hand_records`` reads the
session's deals; ``models`` are its tables in the register's database; ``setup``, ``tables`` and ``results``
store what the director and the scorer enter; ``scores`` hands the stored results to ``scoring``.
"""

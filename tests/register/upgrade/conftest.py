"""``make_old_register.py`` runs under the old release only (it imports that release's modules): never collected."""

collect_ignore = ["make_old_register.py"]

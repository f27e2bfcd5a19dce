"""Delivery 1: the kit served by Voila and jupyter_server, its learners' identity and JupyterHub."""

"""What the web page shows and stores: its models and its localStorage, never the DOM.

The browser adapter (``static/``) draws what these models decide. Nothing here imports
:mod:`mastermind.cli`, ``js`` or ``pyscript``, and the rules package never imports this one.
"""

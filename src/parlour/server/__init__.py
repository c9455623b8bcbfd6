"""The parlour server: play in the browser (``parlour serve``).

:func:`~parlour.server.app.create_app` builds the ASGI app; :mod:`.store` keeps every game
as an append-only log; :mod:`.live` runs games in play; :mod:`.manager` makes and finds
tables; :mod:`.pages` and ``static/`` are the pages and their ES-module client.
"""

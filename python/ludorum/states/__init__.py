"""The typed faces of the games that have accessors of their own, one module a game
(``<game>.py``): a :class:`typing.Protocol` that adds the game's views to
:class:`ludorum.State`. Optional: a game without one is typed as :class:`ludorum.State`.
``ludorum`` exports each as ``ludorum.<Class>State``, and ``ludorum.new`` with the game's
literal name returns it.
"""

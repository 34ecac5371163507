"""All-Star Draft: the rules plug-in of the ice-hockey drafting game (2025 and 2020 editions).

Its data, templates and catalogs are the pack in data/all-star-draft/; this
package adds what data cannot say: the cross-checks, the typed model, the
rules engine, the summary, the simulator, and the computed drawings (fan
zone, tiebreaker, bus station, playoff points, scoring board) and icons.
"""

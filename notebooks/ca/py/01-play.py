# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py//py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.7
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Jugueu a la Terrassa
#
# A sota hi ha una taula de la Terrassa: un solitari de dues baralles, tal com el juga el GNOME Aisleriot (sense alguns dels seus errors). (Si al JupyterLab encara no hi ha la taula, feu clic a la cel·la de codi sota aquest text i premeu **Maj+Retorn**.) Cada moviment el comprova el motor de Python que s'executa al nucli d'aquest quadern; la taula només dibuixa el que envia el nucli, i les cartes que no heu girat no s'envien mai al navegador.
#
# **L'objectiu.** Posar totes les cartes a les bases. A la Terrassa són les 104 cartes (dues baralles) en vuit bases. Cada base comença amb una carta del **valor base**, que trieu al començament, i puja d'un en un alternant el color (vermell sobre negre, negre sobre vermell), i després del rei torna a l'as: amb base 6 una base fa 6 7 8 9 10 J Q K A 2 3 4 5, tretze cartes, i llavors és completa. Al Klondike, el clàssic d'una baralla, són les 52 cartes en quatre bases, cadascuna d'un pal des de l'as fins al rei. La puntuació compta les cartes de les bases; una Terrassa guanyada puntua 104.
#
# Aquí aprendreu: com es juga (ratolí, tacte o teclat), una primera partida per guanyar, com obrir els altres deu jocs i compartir una partida, i com Python mou la mateixa taula. La llengua de la taula es tria al seu menú o així: `play("terrace", locale="ca")`.

# %%
# NBVAL_IGNORE_OUTPUT
from terrace_widget import Game, play
from terrace_widget.i18n import use_language

use_language("ca")  # el que imprimeix el codi, també en català

w = play("terrace", locale="ca")
w

# %% [markdown]
# ## Com es juga
#
# * **Primer trieu la carta base.** Al tauler esperen quatre cartes: deixeu-ne una a qualsevol base. El seu valor és la base: cada base comença amb aquest valor i puja en cercle (… Q K A 2 …) alternant el color.
# * **Arrossegueu** una carta, o **feu-hi clic** i després feu clic on va; les piles que l'acceptarien s'il·luminen. El **doble clic** envia una carta a una base.
# * **Feu clic a la pila principal** per repartir. Mentre una pila del tauler és buida, la pila principal reparteix una carta i es bloqueja fins que jugueu la carta de la pila de descartades.
# * La barra d'eines té Nova partida, Reinicia, Desfés, Refés, Pista, Es pot guanyar? (encara es pot guanyar aquesta partida?), el selector de joc i la llengua. Reinicia i Nova partida es desfan com un moviment: Desfés al començament d'una partida recupera l'anterior.
# * Quan totes les cartes que queden poden pujar sense més, la taula les juga per vosaltres.
#
# | tecla | fa |
# |---|---|
# | ← → ↑ ↓ / Tab | moure's entre piles |
# | Retorn / Espai | agafar la carta (o el grup) de la pila seleccionada, o deixar-la |
# | Esc | tornar la carta agafada al seu lloc |
# | d | repartir |
# | u / Ctrl+Z | desfer |
# | r / Ctrl+Y | refer |
# | h | pista |
# | w | activar o desactivar l'indicador «encara es pot guanyar?» |
# | n | nova partida |

# %% [markdown]
# ## Un primer repte: guanyeu la partida 4
#
# La partida `terrace#4` es pot guanyar: una regla senzilla, a la solució de sota, la guanya des del començament. Una pista per començar: la carta base és a T1. Guanyeu-la en aquesta taula (desfer és gratuït): la taula ho dirà quan pugi l'última carta, i en codi ho comprova `challenge.game.status == "won"` (la cel·la sota la taula).

# %%
# NBVAL_IGNORE_OUTPUT
challenge = play("terrace", seed=4, locale="ca")
challenge

# %%
# NBVAL_CHECK_OUTPUT
game = challenge.game
print("Heu guanyat!" if game.status == "won" else f"Encara no: {game.score} de 104 cartes pujades.")

# %% [markdown]
# Encallats? El botó **Pista** de la taula suggereix un moviment. La solució és darrere del botó de sota (la seva cel·la de codi està plegada: feu clic als tres punts per veure-la).

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
import textwrap

from terrace_widget import lessons
from terrace_widget.studies.analysis import greedy_play

line = greedy_play(Game("terrace", seed=4), base="TD")  # the rule below, as a bot
assert line.status == "won" and str(line.moves[0]) == "t1-f1"
lessons.reveal(
    "Trieu com a carta base el 10♦ de T1 (t1-f1). Després, a cada torn, jugueu el primer"
    " d'aquests moviments que pugueu:\n 1. una carta a una base;\n 2. una carta del tauler"
    " sobre una altra pila, si destapa una carta que una base agafa de seguida;\n 3. la carta"
    " de la pila de descartades al tauler (també a un espai buit);\n 4. repartir.\nUn bot que"
    f" segueix aquesta regla (en l'ordre de g.legal_moves()) guanya en {len(line.moves)}"
    " moviments:\n\n" + textwrap.fill(" ".join(map(str, line.moves)), 88)
)

# %% [markdown]
# ## Altres jocs
#
# Trieu-ne un al menú de la taula, o anomeneu-lo: `terrace`, `generals-patience`, `falling-stars`, `signora`, `redheads`, `blondes-and-brunettes`, `wood`, `klondike` (d'una en una, dues vegades més), `klondike-three-card`, `klondike-no-redeal`, `klondike-unlimited`. Una llavor dona una partida que podeu compartir: `klondike#7` és la mateixa partida a qualsevol ordinador.

# %%
# NBVAL_IGNORE_OUTPUT
k = play("klondike", seed=7, locale="ca")
k

# %% [markdown]
# ## Python mou la mateixa taula
#
# El giny i el vostre codi comparteixen una partida. Els moviments s'escriuen `t3-f1` (tercera pila del tauler a la primera base), `waste-t4`, `t2-t5x3` (un grup de tres al Klondike) i `deal` (repartir, també des del codi).

# %%
# NBVAL_CHECK_OUTPUT
k.new_game("klondike", seed=7)
print(k.game.legal_moves())
k.play("deal")
print(k.view["piles"]["waste"], k.view["stock_count"], "cartes queden a la pila principal")

# %% [markdown]
# Una posició també es dibuixa sense el giny, de manera que es veu a GitHub i en un HTML exportat:

# %%
# NBVAL_CHECK_OUTPUT
g = Game("terrace", seed=12345)
g.play("t2-f6")
print(g)

# %% [markdown]
# ## I ara què
#
# * [02-rules-tutorial.ipynb](02-rules-tutorial.ipynb) — les regles, una petita posició cada vegada.
# * [03-terrace-strategy.ipynb](03-terrace-strategy.ipynb) — els consells de l'Aisleriot per a la Terrassa, mesurats amb el solucionador.
# * [04-klondike-strategy.ipynb](../04-klondike-strategy.ipynb) — Klondike: no desistiu, d'una o de tres, tornar a donar (en anglès).
# * [05-analyses.ipynb](../05-analyses.ipynb) — com de guanyable és cada joc (en anglès).
# * [06-scripting-and-agents.ipynb](../06-scripting-and-agents.ipynb) — escriviu el vostre bot (en anglès).
# * `help(terrace_widget.Game)` per al motor: moviments legals, desfer, pistes, desar.

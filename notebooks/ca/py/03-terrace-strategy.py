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
# # Estratègia de la Terrassa: jugueu cadascun dels consells de l'ajuda
#
# L'objectiu de la Terrassa és construir les vuit bases pujant des de la carta base, en cercle
# (… Q K A 2 …) i alternant el color, fins que les 104 cartes hi siguin. La pàgina de
# l'ajuda del GNOME Aisleriot sobre la Terrassa acaba amb quatre consells (els citem traduïts
# de l'anglès):
#
# 1. *«Quan comenci la partida, examineu amb atenció la reserva abans de triar la carta base:
#    eviteu les cartes base que en tinguin diverses enterrades a la reserva.»*
# 2. *«Vigileu les seqüències invertides a la pila principal: reserveu una base per a treure
#    cada seqüència invertida.»*
# 3. *«Intenteu començar les piles del tauler amb l'última carta necessària per a completar
#    una base.»*
# 4. *«Recordeu que podeu continuar girant cartes de la pila principal mentre està bloquejada,
#    sense omplir el tauler, fent servir la carta superior de la pila de descartades.»*
#
# Cada consell d'aquí sota passa pels mateixos cinc passos:
#
# 1. **una taula viva** en un repartiment on el consell decideix la partida, oberta just en el
#    moviment on compta, amb l'**Entrenador** activat (marca el que veuen els consells i avisa
#    quan un moviment va en contra d'algun);
# 2. **el vostre moviment**: jugueu-lo a la taula i després executeu la cel·la de sota per
#    veure on ha portat cada elecció;
# 3. **el que val el consell**, mesurat en 2.000 repartiments amb el seu interval del 95%;
# 4. **un exercici** que comprova la vostra resposta, amb la solució darrere d'un botó;
# 5. **un entrenament**: cinc posicions de repartiments reals, en una taula viva. El vostre
#    moviment es jutja de seguida pel que fa (✓ o ✗, amb el motiu a la taula), cada graó de
#    l'escala de pistes costa una estrella, i les estrelles es guarden d'una sessió a l'altra.
#    Cada entrenament mostra quants repartiments va guanyar *i* perdre el consell a l'estudi, i
#    té posicions de tots dos tipus.
#
# **Com s'han trobat els repartiments i s'han mesurat els consells.** Dos jugadors honestos
# juguen el mateix repartiment: el jugador de regles del paquet (`RulePlayer`) amb tots els
# consells, i el mateix jugador amb un consell desactivat. Tots dos veuen només el que veieu
# vosaltres (`Game.observation()`: mai la pila principal). Fan els mateixos moviments fins a
# la primera posició on el consell canvia el moviment: aquesta és la taula que rebeu. Són
# repartiments on el jugador amb el consell va guanyar i el jugador sense va perdre. El valor
# mesurat és la mateixa comparació en els repartiments 1–2.000 (`benchmarks/strategy.py`,
# desat al paquet i mostrat amb la seva ordre al final). Aquests repartiments solts s'han
# triat on el consell va guanyar, així que l'afavoreixen: llegiu els recomptes de cada
# entrenament, i jugueu-ne també les posicions de repartiments que el consell va perdre.
#
# Les taules, l'Entrenador, els entrenaments i el que imprimeix el codi parlen català (la
# primera cel·la de codi crida `use_language("ca")`); només els identificadors, com
# `terrace` o `deal-on`, queden com els escriu el motor.

# %%
from terrace_widget import Game, play
from terrace_widget.fair import strategy as st
from terrace_widget.i18n import use_language
from terrace_widget.lessons import check_answer, check_move, drill, effect_text, reveal, tip_moment

use_language("ca")  # el que imprimeix el codi, també en català

# %% [markdown]
# ## Consell 1: llegiu la reserva abans de triar la base
#
# El valor de la carta base comença totes les bases. Una carta d'aquest valor enterrada a la
# reserva reté tota una base fins que no se'n van les cartes de sobre. Per tant: entre els
# quatre candidats, preferiu un valor que la reserva tingui poques vegades, i no gaire avall.
# El repartiment 14 té un candidat el valor del qual és dues vegades a la reserva.

# %%
# NBVAL_IGNORE_OUTPUT
base = tip_moment("terrace", 14, "base", locale="ca")
w1 = play(game=base.game(), coach=True, locale="ca")
w1

# %% [markdown]
# **El vostre moviment:** trieu la base a la taula de dalt (deixeu anar una de les quatre
# cartes en una base). L'Entrenador marca cada candidat amb el que en diu la reserva. Després
# executeu:

# %%
print(check_move(base, w1.game, locale="ca"))

# %% [markdown]
# El que diu la reserva, en paraules (la mateixa funció que fa servir l'Entrenador):

# %%
for reading in st.base_readings(base.game().observation()):
    print(reading.text)

# %%
# NBVAL_IGNORE_OUTPUT
print(effect_text("terrace", "base", locale="ca"))

# %% [markdown]
# El solucionador que ho veu tot explica la mateixa història amb veu més baixa. A l'execució
# desada `notebooks/data/winnability-bases.jsonl` (versió 7 del solucionador, 100.000 nodes
# per cerca, 150 repartiments de la Terrassa, cada base candidata resolta), la proporció de
# bases candidates guanyades, segons quantes cartes del seu valor té la reserva; les cerques
# sense decidir compten com a no guanyades:

# %%
from terrace_widget.studies.analysis import load_results
from terrace_widget.studies.tip_study import solver_bases

records = load_results("../data/winnability-bases.jsonl", as_frame=False)
terrace = next(row for row in solver_bases(records) if row["spec"] == "terrace")
print(f"solucionador v{terrace['solver_version']}, {terrace['budget']:,} nodes, "
      f"{terrace['deals']} repartiments")  # fmt: skip
for cls, c in terrace["classes"].items():
    print(f"{cls:>2} a la reserva: guanyades {c['won']:.0%} de {c['bases']} bases "
          f"(95% {c['low']:.0%}-{c['high']:.0%})")  # fmt: skip
d, lo, hi = (round(100 * x) for x in terrace["best_minus_tip"])
print(f"la millor base guanya {d} punts més de repartiments que la del consell "
      f"(95% de {lo} a {hi})")  # fmt: skip

# %% [markdown]
# Així doncs, un valor que la reserva no té és clarament millor (86% contra 73% amb una
# carta), però dues o més no són mesurablement pitjors que una, i l'elecció del consell és
# lluny de la millor base: la reserva només és una part de la història.
#
# **Exercici 1.** Repartiment 30: quin candidat tria el consell? Escriviu la carta (com ara
# `"KD"` o `"K♦"`) i executeu la cel·la de sota. I després: el valor del 7♠ és una vegada a
# la reserva, però on? (`st.base_readings(obs)` les llegeix.)

# %%
answer_1 = ""  # la carta base del consell al repartiment 30

# %%
obs = Game("terrace", seed=30).observation()
print(check_answer(answer_1, st.tip_base(obs).card, locale="ca"))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
readings = sorted(st.base_readings(obs), key=lambda r: r.burial)
reveal(
    f"{st.tip_base(obs).text}\nLes lectures, de la menys enterrada a la més:\n"
    + "\n".join(str(r.text) for r in readings)
    + "\nL'únic set és a dalt de tot de la reserva, així que puja a la base des del"
    " principi: segons la lectura del consell, el 7♠ és el segon. Quant millor és que la Q♦"
    " o el J♥ no es mesura aquí.",
    locale="ca"
)  # fmt: skip

# %% [markdown]
# **Entrenament: l'elecció de la base.**

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-base", locale="ca")

# %% [markdown]
# ## Consell 2: guardeu una base per a cada seqüència invertida
#
# Una seqüència invertida és una sèrie de cartes que surt de la pila principal baixant (per exemple 8♠
# i després 7♥): la pila de descartades tindrà la carta més baixa damunt de la més alta, de
# manera que només una base que esperi la carta *més baixa* (aquí el 7♥) les pot agafar totes
# dues per ordre: primer el 7♥ de dalt de la pila de descartades, després el 8♠ de sota. El
# consell: no gasteu l'última base que necessita una seqüència així. Al repartiment 142 el
# moment arriba després de 94 moviments.

# %%
# NBVAL_IGNORE_OUTPUT
runs = tip_moment("terrace", 142, "reversed", locale="ca")
w2 = play(game=runs.game(), coach=True, locale="ca")
w2

# %% [markdown]
# **El vostre moviment:** l'Entrenador emmarca la seqüència invertida. Jugueu el moviment que
# jugaríeu, després executeu:

# %%
print(check_move(runs, w2.game, locale="ca"))

# %%
# NBVAL_IGNORE_OUTPUT
print(effect_text("terrace", "reversed", locale="ca"))

# %% [markdown]
# **Exercici 2.** Trieu la base del consell al repartiment 6 i reparteixeu cartes fins que a
# dalt de la pila de descartades es vegi una seqüència invertida d'almenys dues cartes. Quina
# seqüència és, i quantes cartes havíeu repartit? (`st.reversed_runs(game.observation())` llista
# les seqüències de la pila de descartades i de la reserva.)

# %%
answer_2 = ""  # quantes cartes havíeu repartit

# %% jupyter={"source_hidden": true}
game = Game("terrace", seed=6)
game.play(st.tip_base(game.observation()).move)
while game.is_legal("deal"):
    game.play("deal")
    waste = [r for r in st.reversed_runs(game.observation()) if r.pile == "waste"]
    if waste and waste[0].head_depth == 0:
        break
dealt = sum(str(m) == "deal" for m in game.history)
print(check_answer(answer_2, dealt, locale="ca"))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
reveal(f"Després de repartir {dealt} cartes: {waste[0].text}", locale="ca")

# %% [markdown]
# **Entrenament: seqüències invertides.** Tal com l'aplica el jugador (reté la base, encara
# que hagi de girar una altra carta de la pila principal), aquest consell costa repartiments de
# mitjana: els recomptes diuen amb quina freqüència. Jutgeu cada posició per si mateixa.

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-reversed", locale="ca")

# %% [markdown]
# ## Consell 3: comenceu les piles del tauler amb l'última carta que necessita una base
#
# Una base acaba amb el valor immediatament inferior al de la base (base 5: el quatre). Una
# pila començada amb aquest valor no bloqueja mai res: no cal que res hi vagi a sota. El
# repartiment 48 arriba al moment després de 2 moviments, amb un espai buit.

# %%
# NBVAL_IGNORE_OUTPUT
starts = tip_moment("terrace", 48, "pile-start", locale="ca")
w3 = play(game=starts.game(), coach=True, locale="ca")
w3

# %% [markdown]
# **El vostre moviment:** ompliu l'espai buit, o no. Després executeu:

# %%
print(check_move(starts, w3.game, locale="ca"))

# %%
# NBVAL_IGNORE_OUTPUT
print(effect_text("terrace", "pile-start", locale="ca"))

# %% [markdown]
# Llegiu aquest nombre abans de refiar-vos del consell: seguit com el segueix el nostre
# jugador (omplir aviat un espai buit amb aquest valor, i amb qualsevol altra carta només com
# a últim recurs), *costa* de mitjana repartiments al jugador de prova, tot i que aquest
# repartiment el guanya. Un espai buit bloqueja la pila principal, així que esperar la carta bona pot aturar
# tota la partida.
#
# **Exercici 3.** En el moment de la taula de dalt, quin valor comença millor una pila, i
# quina carta va posar a l'espai buit el jugador sense el consell?

# %%
answer_3 = ""  # la carta que el jugador sense el consell va posar a l'espai buit

# %% jupyter={"source_hidden": true}
obs = starts.game().observation()
print(check_answer(answer_3, obs["piles"]["waste"][-1], locale="ca"))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
reveal(
    f"El millor començament de pila: el valor {st.pile_start_rank(obs)} (un per sota de la"
    f" base). Sense el consell el jugador juga {starts.without_tip}: la carta descartada"
    f" {obs['piles']['waste'][-1]} va a l'espai buit.",
    locale="ca"
)  # fmt: skip

# %% [markdown]
# **Entrenament: comenceu bé una pila.**

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-pile-start", locale="ca")

# %% [markdown]
# ## Consell 4: continueu repartint mentre la pila principal està bloquejada
#
# Mentre una pila del tauler és buida, la pila principal reparteix una carta i es bloqueja
# fins que la carta descartada no es juga en algun lloc. Omplir l'espai buit és una manera de
# desbloquejar-la; posar la carta descartada sobre una pila del tauler n'és una altra, i
# guarda l'espai buit per a un bon començament de pila. El repartiment 19 arriba al moment
# després de 29 moviments.

# %%
# NBVAL_IGNORE_OUTPUT
lock = tip_moment("terrace", 19, "deal-on", locale="ca")
w4 = play(game=lock.game(), coach=True, locale="ca")
w4

# %% [markdown]
# **El vostre moviment:** la pila principal està bloquejada. Jugueu la carta descartada,
# després executeu:

# %%
print(check_move(lock, w4.game, locale="ca"))

# %%
# NBVAL_IGNORE_OUTPUT
print(effect_text("terrace", "deal-on", locale="ca"))

# %% [markdown]
# **Exercici 4.** En el moment de dalt, què diu `st.deal_on`, i quin moviment proposa?

# %%
answer_4 = ""  # el moviment que proposa st.deal_on, com ara "waste-t3"

# %% jupyter={"source_hidden": true}
tip = st.deal_on(lock.game().observation())
print(check_answer(answer_4, tip.move, locale="ca"))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
reveal(f"{tip.text} -> {tip.move}", locale="ca")

# %% [markdown]
# **Entrenament: repartiu més cartes.**

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-deal-on", locale="ca")

# %% [markdown]
# ## Els quatre consells alhora
#
# La mateixa mesura per a cada consell, i per als quatre desactivats junts. Les barres verdes
# ajuden (tot l'interval per sobre de zero), les vermelles costen repartiments, les grises no
# es distingeixen de l'absència d'efecte. Cada interval és del 95% per a la seva pròpia prova.
# L'estudi dels consells fa 27 proves com aquestes (cada consell en cada joc), així que el
# README les corregeix amb el mètode de Holm (`python -m benchmarks holm`): a la Terrassa,
# «continueu repartint» (+2,6) i el cost del «començament de pila» continuen sent clars, i el
# cost de les «seqüències invertides» (−0,9) ja no ho és.

# %%
# NBVAL_IGNORE_OUTPUT
from terrace_widget.fair import coach
from terrace_widget.lessons import effects_table
from terrace_widget.studies import plots

rows = effects_table("terrace", locale="ca")
if rows:
    plots.tip_effect_bars(
        rows, title="Terrassa: el jugador de regles honest, amb cada consell i sense"
    )
print(coach.measured().get("command", "encara no s'ha mesurat: benchmarks/strategy.py"))

# %% [markdown]
# ## Tots els jocs de la família
#
# La mateixa mesura aparellada en els set jocs: la proporció de repartiments que el jugador
# guanya amb tots els consells, i després la diferència de cada consell en punts amb el seu
# interval del 95% (en blanc: el consell no s'aplica a aquell joc). Els consells de la taula
# porten els noms del codi: `base` (la base), `deal-on` (continueu repartint), `pile-start`
# (començament de pila), `reversed` (seqüències invertides); els jocs hi surten amb el nom
# anglès.

# %%
# NBVAL_IGNORE_OUTPUT
from terrace_widget.rules.variants import get_rules

family = ["terrace", "generals-patience", "falling-stars", "signora", "redheads",
          "blondes-and-brunettes", "wood"]  # fmt: skip
tips = ["base", "deal-on", "pile-start", "reversed"]
print(f"{'joc':22} {'guanyats':>8}  " + "  ".join(f"{t:>19}" for t in tips))
for name in family:
    rows = {r["tip"]: r for r in effects_table(name, locale="ca")}
    cells = [f"{100 * rows[t]['difference']:+5.1f} ({100 * rows[t]['low']:+.1f},"
             f"{100 * rows[t]['high']:+.1f})" if t in rows else "" for t in tips]  # fmt: skip
    won = next(iter(rows.values()))["with"] if rows else 0.0
    print(f"{get_rules(name).name:22} {won:8.1%}  " + "  ".join(f"{c:>19}" for c in cells))

# %% [markdown]
# El que diu la taula, en paraules planeres:
#
# * **Continuar repartint mentre la pila principal està bloquejada** és l'únic consell que
#   ajuda aquest jugador en tots els jocs que bloquegen (la Paciència del general gairebé no la
#   guanya mai, així que allà no es veu res).
# * **Llegir la reserva per triar la base** no fa cap diferència clara per a aquest jugador, i
#   la millor de les quatre bases en guanyaria molts més que la del consell: la reserva només
#   és una petita part del que fa bona una base.
# * **Començar les piles amb el valor immediatament inferior a la base** costa repartiments,
#   de 6 a 10 punts: guardar un espai buit per a la carta bona manté bloquejada la pila
#   principal. La regla millor és omplir un espai buit amb el que permetin les regles; aquesta
#   regla és el consell desactivat, així que el seu valor és el mateix nombre amb el signe
#   canviat.
# * **Guardar una base per a cada seqüència invertida** costa fins a 2,4 punts.
#
# Aquest és el valor dels consells per a un jugador *senzill*. Un jugador honest més fort, que
# mira uns quants moviments endavant en mons mostrejats de les cartes que no veu, guanya molts
# més repartiments; el solucionador que ho veu tot, que coneix la pila principal, n'és el
# límit superior. En els mateixos repartiments (`benchmarks/fair_ceiling.py`, desat a
# `data/fair-ceiling.jsonl`):

# %%
# NBVAL_IGNORE_OUTPUT
from terrace_widget.studies.tip_study import fair_ceiling, load_ceiling, load_tips

ceiling = load_ceiling("../data/fair-ceiling.jsonl")
solved = load_results("../data/winnability.jsonl", as_frame=False)
for row in fair_ceiling(ceiling, load_tips("../data/strategy-terrace.jsonl"), solved):
    if row["game"] != "terrace":
        continue
    rule, seeing = row["rule"], row["solver"]
    print(f"{row['deals']} repartiments de la Terrassa; {row['player']}: {row['won']:.1%} "
          f"guanyats (95% {row['low']:.1%}-{row['high']:.1%})")  # fmt: skip
    print(f"el jugador de regles, tots els consells: {rule['won']:.1%}; la diferència "
          f"{100 * rule['difference'][0]:+.1f} punts (95% de {100 * rule['difference'][1]:+.1f} "
          f"a {100 * rule['difference'][2]:+.1f})")  # fmt: skip
    print(f"el solucionador que ho veu tot (v{seeing['solver_version']}, {seeing['budget']:,} "
          f"nodes): {seeing['won']:.1%} guanyats, {seeing['undecided']} sense decidir")  # fmt: skip

# %% [markdown]
# ## Proveu qualsevol repartiment: una base contra el veredicte del solucionador
#
# Trieu un repartiment de l'execució desada del solucionador; la taula llista cada base
# candidata amb el que en diu la reserva i el que va trobar el solucionador que ho veu tot
# (versió 7 del solucionador, 100.000 nodes per cerca). Canvieu de repartiment amb el control
# lliscant.

# %%
# NBVAL_IGNORE_OUTPUT
import ipywidgets as widgets


def bases_of(seed=1):
    readings = st.base_readings(Game("terrace", seed=seed).observation())
    verdicts = {r["base"]: r["verdict"] for r in records
                if r["variant"] == "terrace" and r["seed"] == seed}  # fmt: skip
    for reading in readings:
        print(f"{verdicts.get(reading.card, '?'):>10}  {reading.text}")


seeds = sorted({r["seed"] for r in records if r["variant"] == "terrace"})
widgets.interact(bases_of, seed=widgets.SelectionSlider(options=seeds, value=seeds[0]))

# %% [markdown]
# ## I ara què
#
# * [01-play.ipynb](01-play.ipynb): jugueu a qualsevol dels onze jocs en una taula viva
# * [02-rules-tutorial.ipynb](02-rules-tutorial.ipynb): les regles, una petita posició cada
#   vegada
# * [04-klondike-strategy.ipynb](../04-klondike-strategy.ipynb): els consells del Klondike,
#   jugats (en anglès)
# * [05-analyses.ipynb](../05-analyses.ipynb): fins a quin punt es poden guanyar els onze
#   jocs (en anglès)
# * [06-scripting-and-agents.ipynb](../06-scripting-and-agents.ipynb): escriviu el vostre
#   propi bot i feu un torneig (en anglès)
# * [07-what-the-data-teaches.ipynb](../07-what-the-data-teaches.ipynb): dues regles que cap
#   pàgina d'ajuda no dona, i que tripliquen les victòries dels consells, com a entrenaments
#   (en anglès)

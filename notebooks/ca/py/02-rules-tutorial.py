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
# # Les regles de la Terrassa, pas a pas
#
# La Terrassa és un solitari de dues baralles: 104 cartes, vuit bases, una reserva i nou piles
# al tauler. **L'objectiu és posar les 104 cartes a les bases**: cadascuna comença amb una
# carta del valor base i puja, en cercle després del rei, fins a tenir 13 cartes. Aquest
# quadern ensenya les regles de la Terrassa, de les seves sis variants i del Klondike **d'una
# en una, cadascuna en una petita posició feta expressament**, tal com les juga el GNOME
# Aisleriot (sense alguns dels seus errors). Cada pas té quatre parts: la regla en paraules
# senzilles, unes quantes línies de Python que la posen a prova (els fets que imprimeixen es
# comproven cada vegada que s'executen les proves), la taula dibuixada com una imatge, i una
# **pràctica**: una posició en una taula viva on trobeu un moviment legal, o proveu un
# moviment que la regla rebutja i llegiu per què. La imatge marca el moviment que s'acaba de
# jugar: la pila d'origen amb un marc discontinu de color ambre, la de destinació en verd, i
# una fletxa entre totes dues.
#
# Què aprendreu:
#
# 1. la taula i **l'elecció de la carta base**;
# 2. construir **en cercle** (… Q K A 2 …) a les bases i al tauler;
# 3. per què **no es pot posar res sobre una carta del valor base** al tauler;
# 4. la **reserva**, que només alimenta les bases;
# 5. el **bloqueig de la pila principal**: quan es nega a repartir i com es desbloqueja;
# 6. la **Signora** i les **Pèl-roges**, que omplen soles els espais buits;
# 7. la **Paciència del general**: bases per pal, una sola tornada a donar, i després carta a
#    carta;
# 8. el **Klondike**: el repartiment i l'objectiu;
# 9. els **grups** del Klondike, i les cartes cara avall que es giren;
# 10. en un espai buit només hi va un **rei**;
# 11. les bases del Klondike, i una carta que **torna a baixar**;
# 12. **cartes de tres en tres**: només es juga la carta superior de la pila de descartades;
# 13. **tornar a donar**, opció per opció, i quan es guanya o es perd una partida.
#
# Les posicions es fan amb `Game.from_piles(variant, {pile: cards}, base_rank=…)`. Les cartes
# s'escriuen `AS 2H … TD JC QS KH` (T és el deu; les lletres són les angleses: A as, J valet,
# Q reina, K rei, i S piques, H cors, D diamants, C trèvols) i es llisten **de baix a dalt**:
# l'última és la que es pot jugar. Les cartes que no s'esmenten van cara avall al fons de la
# pila principal (`#9C` és una carta posada cara avall, sota les cartes de cara amunt d'una
# pila del Klondike). `picture(g)` dibuixa la taula amb l'últim moviment marcat.
#
# Les explicacions que imprimeix el codi quan es rebutja un moviment (`g.explain`,
# `IllegalMoveError`) surten en català, perquè la primera cel·la de codi crida
# `use_language("ca")`; els identificadors dels jocs, dels estats i dels moviments
# (`terrace`, `playing`, `won`, `waste-t1`) queden com els escriu el motor.

# %%
from terrace_widget import DEAL, VARIANTS, Game, IllegalMoveError, TerraceWidget
from terrace_widget.i18n import use_language
from terrace_widget.lessons import picture, practice

use_language("ca")  # el que imprimeix el codi, també en català

# Nou cartes negres que no es construeixen mai les unes sobre les altres (negre sobre negre)
# i no van mai a una base buida mentre la base és el 3: mantenen el tauler ple i tranquil.
FILLERS = ["KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", "9C"]
QUIET = {f"t{i}": [card] for i, card in enumerate(FILLERS, 1)}

# %% [markdown]
# ## 1. La taula i la carta base
#
# Una partida nova de la Terrassa posa **11 cartes a la reserva** (en ventall, totes visibles,
# però només la superior, la de la dreta, està en joc), **quatre cartes a T1–T4** i la resta a
# la pila principal. Les bases són buides i encara no tenen valor inicial: **el trieu
# vosaltres**. Deixeu qualsevol de les quatre cartes del tauler en qualsevol base; el seu
# valor esdevé la **base** de totes vuit. Fins aleshores la pila principal no reparteix i no
# es mou res més.

# %%
# NBVAL_IGNORE_OUTPUT
g = Game("terrace", seed=12345)
g

# %%
# NBVAL_CHECK_OUTPUT
candidates = {pile: g.piles[pile][0] for pile in ("t1", "t2", "t3", "t4")}
print("estat:         ", g.status)
print("candidates:    ", candidates)
print("reserva:       ", " ".join(g.piles["reserve"]), "(la carta superior, l'última)")
print("pila principal:", g.stock_count, "cartes")
print("moviments legals:", len(g.legal_moves()), "= 4 candidates x 8 bases")
print("repartir?      ", g.explain("deal"))

# %% [markdown]
# **Un consell de l'ajuda de l'Aisleriot: mireu la reserva abans de triar.** Cada carta del
# valor base haurà de començar algun dia una base, i la reserva només dona les cartes des de
# dalt. Una carta del valor base enterrada al fons de la reserva pot frenar tota una base.

# %%
# NBVAL_CHECK_OUTPUT
reserve = g.piles["reserve"]
for pile, card in candidates.items():
    depths = [len(reserve) - 1 - i for i, c in enumerate(reserve) if c[:-1] == card[:-1]]
    where = ", ".join(f"{d} carta(es) a sobre" for d in depths) or "cap a la reserva"
    print(f"{pile}: {card}  mateix valor a la reserva: {where}")

# %% [markdown]
# Aquí hi ha un sis a la reserva, sota set cartes; no hi ha cap valet. Tot i així triem el sis
# (el quadern 03 mesura què costa una elecció així): `t2-f6` deixa el 6♥ de T2 a la sisena
# base. Mireu què desencadena l'elecció:
#
# * la base passa a ser el 6: cada base ha de començar amb un sis;
# * **cada pila buida del tauler rep una carta** de la pila principal, d'esquerra a dreta (T2,
#   després T5–T9); les tres candidates que no s'han triat es queden on són;
# * la primera carta es gira a la **pila de descartades**.

# %%
# NBVAL_CHECK_OUTPUT
before = {pile: list(g.piles[pile]) for pile in g.pile_names if pile.startswith("t")}
g.play("t2-f6")
print(f"valor base: {g.base_rank} | punts: {g.score} | pila principal: {g.stock_count}", end=" ")
print("| descartades:", g.piles["waste"])
for pile, cards in before.items():
    now = g.piles[pile]
    print(
        f"{pile}: {' '.join(cards) or '--':3} -> {' '.join(now)}",
        "" if cards == now else "(carta nova)",
    )

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # l'elecció de la base, T2 -> F6, marcada

# %% [markdown]
# Desfer fa enrere tota l'elecció (també les piles omplertes i la carta de la pila de
# descartades), i refer la torna a jugar:

# %%
# NBVAL_CHECK_OUTPUT
g.undo()
print(g.status, g.stock_count, g.piles["t5"], g.piles["waste"])
g.redo()
print(g.status, g.stock_count, g.piles["t5"], g.piles["waste"])

# %% [markdown]
# ### La mateixa posició en una taula viva
#
# `TerraceWidget(game=g)` posa una còpia de la partida en una taula que podeu jugar amb el
# ratolí (arrossegant, o fent clic i després clic), amb el tacte o amb el teclat. Proveu de
# moure el 4♣ de T7 sobre el 5♦ de T9, o feu clic a la pila principal. (A GitHub, que no
# executa Python, el giny no apareix; les imatges de més amunt, sí.)

# %%
# NBVAL_IGNORE_OUTPUT
w = TerraceWidget(game=g, locale="ca")
w

# %% [markdown]
# **Pràctica 1: trieu la base.** Primer feu clic a la pila principal: es nega a repartir, i la
# línia de missatges de la taula diu per què. Després trieu una carta base d'un valor que no
# tingui cap carta enterrada a la reserva (el consell de més amunt). La taula us diu de
# seguida què ha fet el vostre moviment (✓ o ✗, a la seva línia de missatges); *Torna-ho a
# provar* la reinicia.

# %%
# NBVAL_CHECK_OUTPUT
practice_1 = practice("base", locale="ca")
print(practice_1.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_1.widget()

# %% [markdown]
# ## 2. En cercle
#
# Les **bases** es construeixen **pujant d'un en un, alternant el color** (vermell sobre
# negre, negre sobre vermell), i després del rei ve l'as: amb base 3 una base fa 3 4 5 6 7 8 9
# 10 J Q K **A 2** — exactament 13 cartes — i llavors és completa.
#
# Les **piles del tauler** es construeixen **baixant d'un en un, alternant el color**, d'una
# carta en una, i el cercle també hi funciona: **un rei pot anar sobre un as**.
#
# Aquí la base és el 3 i F1 ja va del 3♣ al K♠. La pila de descartades mostra l'A♥; sota seu,
# la pila principal repartirà el 2♣ i després el K♦.

# %%
# NBVAL_IGNORE_OUTPUT
g = Game.from_piles(
    "terrace",
    {
        **QUIET,
        "t1": ["AC"],
        "t2": ["3D"],
        "f1": ["3C", "4D", "5S", "6H", "7C", "8D", "9S", "TH", "JC", "QD", "KS"],
        "reserve": ["9H", "5C", "8S"],
        "waste": ["AH"],
        "stock": ["KD", "2C"],  # l'última de la llista es reparteix primer
    },
    base_rank=3,
)
g

# %%
# NBVAL_CHECK_OUTPUT
for move in ("waste-f1", "waste-f1", "waste-t1"):
    g.play(move)
    print(
        f"{move:9} F1 acaba en {' '.join(g.piles['f1'][-3:])} ({len(g.piles['f1'])} cartes)",
        f"| T1 = {' '.join(g.piles['t1'])} | descartades ara {g.piles['waste']}",
    )
print("un tercer 3 a F1?", g.explain("t2-f1"))
print("el 3D a una base buida?", g.explain("t2-f2") or "legal")

# %% [markdown]
# Cada vegada que la pila de descartades s'ha buidat, la pila principal ha repartit la carta
# següent **de seguida**: a la Terrassa la pila de descartades no és mai buida mentre la pila
# principal tingui cartes. F1 ara és completa (13 cartes, A♥ i 2♣ després del rei), i el K♦ és
# sobre l'A♣ a T1 (l'últim moviment, descartades → T1, està marcat).

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)

# %% [markdown]
# **Pràctica 2: en cercle.** La mateixa posició que al començament d'aquesta secció: poseu una
# carta en cercle a una base (després del seu rei).

# %%
# NBVAL_CHECK_OUTPUT
practice_2 = practice("corner", locale="ca")
print(practice_2.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_2.widget()

# %% [markdown]
# ## 3. Res sobre una carta del valor base
#
# Al tauler el cercle s'atura a la base: **no es pot posar cap carta sobre una carta del valor
# base**. Amb base 3, el 2♦ no pot anar sobre el 3♣ (la seqüència passaria per sobre de la
# base), però una carta del valor base sí que pot anar sobre la base + 1: el 3♦ sobre el 4♣ és
# correcte. Així, una seqüència del tauler té com a molt 13 cartes, des del valor de sota la
# base fins a la base.
#
# `g.explain(move)` diu per què es rebutja un moviment (`None` quan és legal); `g.play` llança
# `IllegalMoveError` amb el mateix motiu i no canvia res.

# %%
# NBVAL_CHECK_OUTPUT
g = Game.from_piles(
    "terrace",
    {**QUIET, "t1": ["3C"], "t2": ["4C"], "t3": ["3D"], "waste": ["2D"]},
    base_rank=3,
)
print("2D sobre 3C:", g.explain("waste-t1"))
try:
    g.play("waste-t1")
except IllegalMoveError as error:
    print("IllegalMoveError:", error)
print("3D sobre 4C:", g.explain("t3-t2") or "legal")
g.play("t3-t2")
print("T2 =", g.piles["t2"], "| 2D sobre 3D:", g.explain("waste-t2"))

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # el 3D sobre el 4C

# %% [markdown]
# **Pràctica 3: res sobre una carta del valor base.** Base 3. Proveu el 2♦ de la pila de
# descartades sobre el 3♣ de T1: la taula el rebutja i diu per què. Després poseu una carta
# del valor base sobre una carta del tauler, on les regles ho permeten.

# %%
# NBVAL_CHECK_OUTPUT
practice_3 = practice("base-rank", locale="ca")
print(practice_3.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_3.widget()

# %% [markdown]
# ## 4. La reserva només alimenta les bases
#
# Només la carta **superior** de la reserva (la de més a la dreta) està en joc, i només pot
# anar **a una base** — mai al tauler, ni tan sols a un espai buit, encara que el color i el
# valor hi encaixin. Buidar la reserva és el cor del joc: cada carta que hi ha ha d'arribar
# directament a una base.

# %%
# NBVAL_IGNORE_OUTPUT
g = Game.from_piles(
    "terrace",
    {
        **QUIET,
        "t1": ["9C"],
        "f1": ["3C", "4D", "5S", "6H", "7C"],
        "reserve": ["5H", "2C", "8D"],
    },
    base_rank=3,
)
g

# %%
# NBVAL_CHECK_OUTPUT
print("8D sobre 9C (encaixen color i valor):", g.explain("reserve-t1"))
print("dues cartes de la reserva alhora:     ", g.explain("reserve-f1x2"))
print("8D a F1 (7C):                         ", g.explain("reserve-f1") or "legal")
g.play("reserve-f1")
print("reserva ara", g.piles["reserve"], "| F1 acaba en", g.piles["f1"][-2:])

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)

# %% [markdown]
# **Pràctica 4: la reserva només alimenta les bases.** Proveu el 8♦ de la reserva sobre el 9♣
# de T1 i llegiu per què es rebutja. Després jugueu el 8♦ on pot anar.

# %%
# NBVAL_CHECK_OUTPUT
practice_4 = practice("reserve", locale="ca")
print(practice_4.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_4.widget()

# %% [markdown]
# ## 5. El bloqueig de la pila principal
#
# Una pila buida del tauler és un **espai**, i només la **carta superior de la pila de
# descartades** el pot omplir (mai una carta del tauler o de la reserva). Omplir-lo no és
# obligatori, però la pila principal us fa complir la regla:
#
# * sense cap espai, la pila principal reparteix una carta a cada clic, tantes vegades com
#   vulgueu;
# * **una carta repartida mentre hi ha un espai obert bloqueja la pila principal**: no tornarà
#   a repartir **fins que una carta surti de la pila de descartades** — a l'espai, a una pila
#   del tauler o a una base.
#
# Mentre la pila principal està bloquejada, tots els altres moviments continuen sent legals.
#
# A sota, T2 té un 3♠ tot sol (una carta base) i la pila principal repartirà el 8♥ i després
# el 9♥.

# %%
# NBVAL_CHECK_OUTPUT
g = Game.from_piles(
    "terrace",
    {**QUIET, "t2": ["3S"], "reserve": ["QH", "6C"], "waste": ["5D"], "stock": ["9H", "8H"]},
    base_rank=3,
)


def report(action):
    waste = g.piles["waste"][-1] if g.piles["waste"] else "--"
    spaces = [p for p in g.pile_names if p.startswith("t") and not g.piles[p]]
    print(
        f"{action:12} bloqueig={g.stock_locked!s:5} descartada={waste:3} principal={g.stock_count}",
        f"espais={spaces}",
    )


report("start")
for move in ("deal", "deal", "t2-f1", "deal"):
    g.play(move)
    report(move)
print("tornar a repartir?", g.explain("deal"))
print("la Q♣ de T3 a l'espai?", g.explain("t3-t2"))

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # el repartiment que ha bloquejat la pila principal: hi ha el cadenat

# %%
# NBVAL_CHECK_OUTPUT
g.play("waste-t2")  # la carta de la pila de descartades omple l'espai: el bloqueig s'aixeca
report("waste-t2")
g.play("deal")  # no queda cap espai: la pila principal torna a repartir lliurement
report("deal")

# %% [markdown]
# En una partida real el bloqueig vol dir: **quan obriu un espai, es reparteix una carta i
# després heu de jugar la carta de la pila de descartades abans de veure'n una altra.** El
# quadern d'estratègia mesura quant hi compta.

# %% [markdown]
# **Pràctica 5: desbloquegeu la pila principal.** La pila principal de sota està bloquejada.
# Feu-hi clic per veure per què es nega (ho diu la línia de missatges) i després jugueu un
# moviment que la desbloquegi.

# %%
# NBVAL_CHECK_OUTPUT
practice_5 = practice("lock", locale="ca")
print(practice_5.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_5.widget()

# %% [markdown]
# ## 6. La Signora i les Pèl-roges omplen soles els espais
#
# Cinc dels set jocs (Terrassa, Paciència del general, Estels fugaços, Rosses i morenes,
# Fusta) us deixen els espais a vosaltres. La **Signora** i les **Pèl-roges** omplen
# automàticament cada espai, just després de cada moviment, d'esquerra a dreta:
#
# * **Signora**: amb la carta superior de la pila de descartades o, si és buida, de la pila
#   principal — mai de la reserva;
# * **Pèl-roges**: primer de la reserva, després de la pila de descartades, després de la pila
#   principal.
#
# La seva carta base es reparteix (F1 comença amb la carta següent de la pila principal), de
# manera que no hi ha res a triar. Aquí tots dos jocs tenen la mateixa posició: T1 té un 3♥
# tot sol que va a F1. (El codi imprimeix els noms dels jocs en anglès: Signora, Redheads.)

# %%
# NBVAL_CHECK_OUTPUT
for variant in ("signora", "redheads"):
    tableau = {p: c for p, c in QUIET.items() if int(p[1:]) <= VARIANTS[variant].tableau}
    g = Game.from_piles(
        variant,
        {**tableau, "t1": ["3H"], "reserve": ["9D", "4C"], "waste": ["9S", "8H", "JC"]},
        base_rank=3,
    )
    g.play("t1-f1")
    print(
        f"{g.rules.name:9}: T1 ha rebut {g.piles['t1']}, reserva ara {g.piles['reserve']},",
        f"descartades ara {g.piles['waste']}",
    )

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # Pèl-roges després de T1 -> F1: el 4♣ de la reserva ha anat sol a T1


# %% [markdown]
# Com que els espais no queden mai oberts mentre encara hi ha cartes, en aquests dos jocs el
# bloqueig de la pila principal no té cap paper.

# %% [markdown]
# **Pràctica 6: un espai s'omple sol.** Una posició de les Pèl-roges, base 3: buideu una pila
# del tauler i mireu quina carta omple l'espai.

# %%
# NBVAL_CHECK_OUTPUT
practice_6 = practice("fill", locale="ca")
print(practice_6.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_6.widget()

# %% [markdown]
# ## 7. Paciència del general: per pal, una tornada a donar, i després carta a carta
#
# La Paciència del general és la Terrassa amb una reserva de 13 cartes, **bases construïdes
# per pal** (no només alternant el color) i **una sola tornada a donar**: quan s'acaba la pila
# principal, un clic torna la pila de descartades a la pila principal, en l'ordre original. En
# aquesta segona passada **cada carta s'ha de jugar abans que es reparteixi la següent**: la
# pila principal només reparteix sobre una pila de descartades buida.
#
# Per arribar-hi amb una partida real deixem que la pista del mateix Aisleriot jugui la
# primera passada de `generals-patience#20` (les pistes són el tema del quadern 06).


# %%
# NBVAL_CHECK_OUTPUT
def counts(when):
    waste = len(g.piles["waste"])
    print(
        f"{when:24} principal {g.stock_count:2} | descartades {waste:2} | tornades {g.redeals_left}"
    )


g = Game("generals-patience", seed=20)
print("reserva:", len(g.piles["reserve"]), "cartes")
g.play("t1-f1")  # qualsevol base serveix
while not (g.stock_count == 0 and g.hint().move == DEAL):
    g.play(g.hint().move)
counts("final de la 1a passada:")
g.play("deal")
counts("tornar a donar:")
g.play("deal")
print("1a carta de la 2a passada:", g.piles["waste"], "| repartir?", g.explain("deal"))

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # el primer repartiment de la segona passada

# %%
# NBVAL_CHECK_OUTPUT
move = g.hint().move
print("jugueu-la:", move, "->", g.hint().message)
g.play(move)
print("la següent ha arribat de seguida:", g.piles["waste"], "| pila principal", g.stock_count)

# %% [markdown]
# Una carta de la segona passada que no encaixa enlloc bloqueja la pila principal per sempre;
# la partida està perduda quan cap moviment ja no hi pot ajudar.
#
# Per pal o per color, un rebuig sempre diu per què:

# %%
# NBVAL_CHECK_OUTPUT
for variant, f1 in (("terrace", ["3H", "4C"]), ("generals-patience", ["3H", "4H"])):
    g = Game.from_piles(variant, {**QUIET, "f1": f1, "waste": ["5D"]}, base_rank=3)
    print(f"{variant:18} F1 = {' '.join(f1)}, 5D a sobre: {g.explain('waste-f1') or 'legal'}")

# %% [markdown]
# **Pràctica 7: la segona passada.** Una partida de la Paciència del general a la segona
# passada, base 3. Feu clic a la pila principal i llegiu per què espera; proveu el 5♥ a F2
# (4♦, un altre pal) i llegiu per què es rebutja. Després jugueu el 5♥ on pot anar.

# %%
# NBVAL_CHECK_OUTPUT
practice_7 = practice("generals", locale="ca")
print(practice_7.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_7.widget()

# %% [markdown]
# ## 8. Klondike: el repartiment i l'objectiu
#
# El Klondike és el clàssic d'una baralla. **L'objectiu: les 52 cartes a les quatre bases,
# cadascuna d'un pal des de l'as fins al rei.** Es reparteixen set piles al tauler en triangle
# (una carta a T1, … set a T7), amb només la carta superior de cara amunt; les altres 24
# cartes esperen a la pila principal, i la pila de descartades comença buida. El tauler es
# construeix baixant i alternant el color, com a la Terrassa, però sense cercle: no es pot
# posar res sobre un as, de manera que una seqüència no pot començar més amunt d'un rei.
#
# Els onze jocs són files d'una sola taula, `VARIANTS`; les quatre opcions del Klondike només
# es diferencien en la pila principal (cartes per repartiment, tornades a donar). La taula
# mostra els identificadors i valors anglesos del motor: `choose` (la carta base la trieu
# vosaltres), `auto` (es reparteix), `ace` (as), `alternate-colour` (alternant el color),
# `same-suit` (per pal), `unlimited` (sense límit).

# %%
# NBVAL_CHECK_OUTPUT
print(
    f"{'id':22} {'reserva':>7} {'tauler':>7}  {'base':6} {'bases':16} "
    f"{'omplir sol':20} {'cartes':>6} {'tornar a donar':>14}"
)
for rules in VARIANTS.values():
    redeals = "sense límit" if rules.redeals is None else rules.redeals
    print(
        f"{rules.id:22} {rules.reserve:7} {rules.tableau:7}  {rules.base:6} "
        f"{rules.foundation_build:16} {'+'.join(rules.auto_fill) or '-':20} "
        f"{rules.deal_count:6} {redeals:>14}"
    )

# %%
# NBVAL_IGNORE_OUTPUT
g = Game("klondike", seed=7)
g

# %%
# NBVAL_CHECK_OUTPUT
print("T7 tal com la veu el jugador:", g.observation()["piles"]["t7"])
print("principal", g.stock_count, "| descartades", g.piles["waste"], "| tornades", g.redeals_left)
print("cartes per pujar:", g.rules.cards, "| puntuació ara:", g.score)
print("K sobre A?", Game.from_piles("klondike", {"t1": ["AC"], "t2": ["KH"]}).explain("t2-t1"))

# %% [markdown]
# **Pràctica 8: res sobre un as.** Proveu el K♥ sobre l'A♣ i llegiu per què es rebutja.
# Després comenceu una base.

# %%
# NBVAL_CHECK_OUTPUT
practice_8 = practice("ace", locale="ca")
print(practice_8.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_8.widget()

# %% [markdown]
# ## 9. Els grups es mouen junts, i les cartes cara avall es giren
#
# Al Klondike **una seqüència es mou com un tot**: qualsevol seqüència de cara amunt d'una
# pila, des d'una de les seves cartes fins a dalt, es pot moure si aquesta carta encaixa on va
# (un valor menys, l'altre color). Un moviment així s'escriu amb el nombre de cartes:
# `t1-t2x3` en mou tres. Quan un moviment deixa una carta cara avall al capdamunt d'una pila,
# **es gira sola**.
#
# A sota, T1 té 6♦ 5♠ 4♥ sobre una carta cara avall. Tota la seqüència encaixa sobre el 7♣ de
# T2, i la seva part de dalt (5♠ 4♥) sobre el 6♥ de T3; les cartes cara avall només entren en
# joc un cop girades.

# %%
# NBVAL_CHECK_OUTPUT
g = Game.from_piles(
    "klondike", {"t1": ["#9C", "6D", "5S", "4H"], "t2": ["#2D", "7C"], "t3": ["#JD", "6H"]}
)


def seen(pile):
    """Una pila tal com la veu el jugador (# per a una carta cara avall)."""
    return " ".join(g.observation()["piles"][pile])


print("T1 tal com la veu el jugador:", seen("t1"))
print("legals:", " ".join(map(str, g.legal_moves())))
for move in ("t1-t2x2", "t1-t3x3", "t1-t2x4"):
    print(f"{move}: {g.explain(move)}")
g.play("t1-t2x3")
print("després de t1-t2x3, T1:", seen("t1"), "| T2:", seen("t2"))

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # tres cartes mogudes com una de sola, i el 9♣ s'ha girat

# %% [markdown]
# **Pràctica 9: un grup es mou, una carta es gira.** Proveu de moure només el 5♠ i el 4♥ sobre
# el 7♣ i llegiu per què es rebutja. Després moveu un grup de manera que es giri una carta
# cara avall.

# %%
# NBVAL_CHECK_OUTPUT
practice_9 = practice("group", locale="ca")
print(practice_9.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_9.widget()

# %% [markdown]
# ## 10. En un espai buit només hi va un rei
#
# Una pila buida del tauler només admet **un rei**, o una seqüència encapçalada per un rei.
# Una reina, o una seqüència encapçalada per qualsevol altra carta, es rebutja, per bé que hi
# encaixés. (A la Terrassa un espai només admet la carta de la pila de descartades, sigui quin
# sigui el seu valor.)

# %%
# NBVAL_CHECK_OUTPUT
g = Game.from_piles(
    "klondike",
    {
        "t1": [],
        "t2": ["#4C", "QD"],
        "t3": ["#8S", "6D", "5S", "4H"],
        "t4": ["#2S", "KS", "QH", "JC"],
    },
)
for move in ("t2-t1", "t3-t1x3", "t4-t1x2"):
    print(f"{move}: {g.explain(move)}")
try:
    g.play("t2-t1")
except IllegalMoveError as error:
    print("IllegalMoveError:", error)
g.play("t4-t1x3")
print("T1 ara:", seen("t1"), "| T4:", seen("t4"))

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # la seqüència del rei ha anat a l'espai, i el 2♠ s'ha girat

# %% [markdown]
# **Pràctica 10: ompliu l'espai.** Proveu primer la Q♦ en un espai: la taula la rebutja i diu
# per què. Després trobeu el moviment que les regles permeten.

# %%
# NBVAL_CHECK_OUTPUT
practice_10 = practice("space", locale="ca")
print(practice_10.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_10.widget()

# %% [markdown]
# ## 11. Les bases, i una carta que torna a baixar
#
# Una base del Klondike comença amb **un as**, puja **per pal** i admet **una carta cada
# vegada**. A diferència de les de la Terrassa, les seves cartes no són definitives: **la
# carta superior d'una base pot tornar a baixar** al tauler (la puntuació, el nombre de cartes
# a les bases, baixa en un). Això ajuda quan una carta necessita algun lloc on anar: a sota,
# el 3♠ de la pila de descartades no encaixa enlloc fins que el 4♥ baixa sobre el 5♠.

# %%
# NBVAL_CHECK_OUTPUT
g = Game.from_piles(
    "klondike",
    {
        "f1": ["AH", "2H", "3H", "4H"],
        "t1": ["#9C", "5S"],
        "t2": ["#2C", "AC"],
        "t3": ["#8D", "3C", "2D"],
        "waste": ["3S"],
    },
)
print("2D a una base buida:", g.explain("t3-f2"))
g.play("t2-f2")
print("l'AC ha pujat; a T2 s'ha girat", seen("t2"))
print("2D sobre AC:", g.explain("t3-f2"), "| 3C i 2D alhora:", g.explain("t3-f2x2"))
g.play("t2-f2")
print("3S sobre 5S:", g.explain("waste-t1"), "| puntuació:", g.score)

# %%
# NBVAL_CHECK_OUTPUT
g.play("f1-t1")  # el 4♥ torna a baixar
print("puntuació:", g.score, "| T1:", seen("t1"), "| 3S a sobre:", g.explain("waste-t1") or "legal")

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # F1 -> T1: el 4♥ ha baixat de la base

# %% [markdown]
# **Pràctica 11: baixeu una carta.** Proveu el 3♠ de la pila de descartades sobre el 5♠: es
# rebutja. Després baixeu una carta d'una base perquè el 3♠ es pugui jugar.

# %%
# NBVAL_CHECK_OUTPUT
practice_11 = practice("down", locale="ca")
print(practice_11.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_11.widget()

# %% [markdown]
# ## 12. Cartes de tres en tres: només es juga la carta superior de la pila de descartades
#
# Amb **Cartes de tres en tres** cada clic gira tres cartes a la pila de descartades, la
# tercera a dalt de tot. Es veuen totes tres, però **només es pot jugar la de dalt**; les
# altres entren en joc a mesura que se'n van les cartes que tenen a sobre. Aquí el clic gira
# l'A♠, el 6♦ i després el 9♥: l'as pujaria i el 6♦ encaixaria sobre el 7♣, però el 9♥ els
# tapa.

# %%
# NBVAL_CHECK_OUTPUT
tableau = {f"t{i}": [card] for i, card in enumerate(["7C", "KD", "5D", "JH", "3C", "8D", "2S"], 1)}
g = Game.from_piles("klondike-three-card", {**tableau, "stock": ["QH", "JS", "9H", "6D", "AS"]})
g.play("deal")
print(
    "descartades:", " ".join(g.piles["waste"]), "(la de dalt, l'última) | principal:", g.stock_count
)
print("descartades a F1:", g.explain("waste-f1"))
print("descartades sobre 7C:", g.explain("waste-t1"))
print("dues cartes de descartades:", g.explain("waste-t1x2"))

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # un clic ha repartit tres cartes

# %% [markdown]
# **Pràctica 12: només es juga la carta de dalt.** Un clic acaba de repartir l'A♠, el 6♦ i el
# 9♥. Proveu el 6♦ sobre el 7♣: es rebutja, només es juga la carta de dalt. Després jugueu el
# 9♥ perquè el 6♦ entri en joc.

# %%
# NBVAL_CHECK_OUTPUT
practice_12 = practice("three", locale="ca")
print(practice_12.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_12.widget()

# %% [markdown]
# ## 13. Tornar a donar, opció per opció
#
# Quan la pila principal és buida, un clic **torna a donar**: la pila de descartades torna cap
# per avall a la pila principal, en l'ordre en què es va repartir, i en aquest clic no es gira
# cap carta. Quantes vegades es pot fer depèn de l'opció: **Cartes d'una en una** (la
# predeterminada) dues vegades, **Sense cartes per a tornar a donar** cap, **Cartes de tres en
# tres** i **Sense límit de tornar a donar** tantes com vulgueu. Aquí la pila principal és
# buida i la pila de descartades té 9♥ 6♥ Q♥ (totes les altres cartes estan col·locades); cada
# joc torna a donar i reparteix de nou les tres cartes fins que s'hi nega, o cinc vegades.

# %%
# NBVAL_CHECK_OUTPUT
ALL = "A23456789TJQK"
END_OF_PASS = {
    "f1": [rank + "C" for rank in ALL],
    "f2": [rank + "D" for rank in ALL],
    "f3": [rank + "S" for rank in ALL],
    "f4": ["AH", "2H", "3H", "4H", "5H"],
    **{f"t{i}": [card] for i, card in enumerate(["KH", "8H", "JH", "TH", "7H"], 1)},
    "waste": ["9H", "6H", "QH"],
}
for variant in ("klondike", "klondike-no-redeal", "klondike-three-card", "klondike-unlimited"):
    g = Game.from_piles(variant, END_OF_PASS, rest_to=None)
    redeals = 0
    while redeals < 5 and g.is_legal("deal"):
        g.play("deal")  # tornar a donar: les descartades tornen enrere, no es gira cap carta
        assert g.piles["waste"] == [] and g.stock_count == 3
        while g.stock_count:
            g.play("deal")
        redeals += 1
    then = g.explain("deal") or "la pila principal encara torna a donar (el bucle s'atura a cinc)"
    print(f"{variant:20} {redeals} tornades a donar, després: {then}")

# %% [markdown]
# El clic de tornar a donar en si, al joc predeterminat: la pila de descartades torna a ser
# buida, la pila principal té les seves tres cartes, i el clic següent torna a girar el 9♥ (la
# primera carta de l'última passada).

# %%
# NBVAL_CHECK_OUTPUT
g = Game.from_piles("klondike", END_OF_PASS, rest_to=None)
g.play("deal")
print(
    "principal:", g.stock_count, "| descartades:", g.piles["waste"], "| tornades:", g.redeals_left
)
after = g.copy()
after.play("deal")
print("el clic següent gira", after.piles["waste"])

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # tornar a donar: les descartades han tornat a la pila principal

# %% [markdown]
# En una partida real, fent clic a la pila principal de cada joc fins que s'hi nega (o 200
# vegades) sense jugar res més:

# %%
# NBVAL_CHECK_OUTPUT
for variant in ("klondike", "klondike-three-card", "klondike-no-redeal", "klondike-unlimited"):
    g = Game(variant, seed=7)
    g.play("deal")
    first = g.piles["waste"][:]
    clicks = 1
    while g.is_legal("deal") and clicks < 200:
        g.play("deal")
        clicks += 1
    stops = f"s'atura als {clicks} clics" if clicks < 200 else "encara reparteix als 200 clics"
    left = "sense límit" if g.redeals_left is None else g.redeals_left
    print(f"{variant:20} 1r clic: {' '.join(first):9} {stops:31}", f"tornades: {left}")

# %% [markdown]
# Cartes d'una en una (la predeterminada) dona 24 + 1 + 24 + 1 + 24 = 74 clics: tres passades
# i dues tornades a donar (un clic de tornar a donar gira la pila de descartades i no mostra
# cap carta).
#
# Una partida de Klondike **es guanya** quan puja la carta número 52; a partir d'aleshores no
# s'accepta cap moviment, ni tan sols una carta que torni a baixar. **Es perd** només quan
# està demostrat que no queda cap camí per guanyar (cap moviment, o una cerca del que és
# accessible no en troba cap); fins aleshores continua oberta. A sota, puja l'últim rei; i una
# partida sense tornar a donar, amb la pila principal buida i set piles bloquejades (els dosos
# són cara avall) no té cap moviment possible.

# %%
# NBVAL_CHECK_OUTPUT
full = {f: END_OF_PASS[f] for f in ("f1", "f2", "f3")}  # trèvols, diamants, piques
g = Game.from_piles("klondike", {**full, "f4": [r + "H" for r in ALL[:-1]], "t1": ["KH"]})
g.play("t1-f4")
print(g.status, g.score, "| baixar el K?", g.explain("f4-t1"))

# %%
# NBVAL_CHECK_OUTPUT
aces = {"f1": ["AC"], "f2": ["AD"], "f3": ["AH"], "f4": ["AS"]}
tops = ["3C", "3D", "3S", "3H", "5C", "5S", "9C"]
rest = [rank + suit for suit in "CDHS" for rank in ALL[1:] if rank + suit not in tops]
piles = {
    f"t{i}": ["#" + c for c in rest[6 * i - 6 : 6 * i]] + [top] for i, top in enumerate(tops, 1)
}
g = Game.from_piles("klondike-no-redeal", {**aces, **piles}, rest_to=None)
print(g.status, g.legal_moves(), "| repartir?", g.explain("deal"))

# %% [markdown]
# **Pràctica 13: torneu a donar.** La pila principal és buida i encara es pot tornar a donar:
# torneu les descartades a la pila principal. (Pujar el 6♥ és legal, però no és tornar a
# donar.)

# %%
# NBVAL_CHECK_OUTPUT
practice_13 = practice("redeal", locale="ca")
print(practice_13.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_13.widget()

# %% [markdown]
# ## Exercicis
#
# 1. Construïu una posició de la Terrassa on la pila principal estigui bloquejada amb **dos**
#    espais oberts. Quantes cartes de la pila de descartades s'han de jugar abans que torni a
#    repartir lliurement?
# 2. A les Pèl-roges, què passa quan un moviment obre un espai i la reserva és buida?
#
# Proveu-ho primer vosaltres; cada solució és a la cel·la plegada de sota (feu clic als tres
# punts per obrir-la).

# %% jupyter={"outputs_hidden": true, "source_hidden": true}
# Solució 1: dues, una a cada espai. Qualsevol carta que surti de la pila de descartades
# aixeca el bloqueig, però el repartiment següent torna a bloquejar la pila principal
# mentre hi hagi un espai obert, i només les cartes de descartades omplen els espais.
g = Game.from_piles(
    "terrace",
    {**QUIET, "t2": [], "t5": [], "waste": ["5D"], "stock": ["9H", "8H", "7S"]},
    base_rank=3,
)
locks = []
for move in ("deal", "waste-t2", "deal", "waste-t5", "deal"):
    g.play(move)
    locks.append(g.stock_locked)
    report(move)
assert locks == [True, False, True, False, False]

# %% jupyter={"outputs_hidden": true, "source_hidden": true}
# Solució 2: l'espai agafa la carta superior de la pila de descartades; si així queda buida,
# la pila principal hi gira de seguida la carta següent.
tableau = {p: c for p, c in QUIET.items() if int(p[1:]) <= VARIANTS["redheads"].tableau}
for waste in (["9S", "8H", "JC"], ["JC"]):
    g = Game.from_piles(
        "redheads",
        {**tableau, "t1": ["3H"], "waste": waste, "stock": ["2S", "7D"]},
        base_rank=3,
    )
    g.play("t1-f1")
    assert g.piles["t1"] == ["JC"] and g.piles["reserve"] == []
    print(f"descartades {' '.join(waste)}: T1 rep {g.piles['t1']}, queden {g.piles['waste']}")

# %% [markdown]
# ## I ara què
#
# * **Jugar**: [01-play.ipynb](01-play.ipynb), o `terrace_widget.play("generals-patience",
#   locale="ca")` en qualsevol cel·la.
# * **Estratègia**: [03 (Terrassa)](03-terrace-strategy.ipynb) i [04
#   (Klondike)](../04-klondike-strategy.ipynb) (en anglès) converteixen els consells de l'ajuda
#   en mesures fetes amb el solucionador; [05](../05-analyses.ipynb) compara els jocs (en
#   anglès).
# * **Programació**: [06](../06-scripting-and-agents.ipynb) escriu bots per a aquest motor (en
#   anglès).
# * **Referència**: `docs/engine-api.md` descriu cada crida que es fa servir aquí (en anglès).

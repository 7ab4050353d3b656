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
# # Стратегія «Тераси»: зіграйте кожну пораду з довідки
#
# Мета «Тераси» — зібрати всі вісім основ угору від базової карти, по колу (… Д К Т 2 …), чергуючи кольори, доки всі 104 карти не ляжуть на них. Сторінка довідки GNOME Aisleriot про «Терасу» закінчується чотирма порадами:
#
# 1. *«When the game starts examine the Reserve carefully before choosing your base card, avoid base cards that have several buried in the Reserve.»* (українська довідка лишає цю пораду неперекладеною: «На початку гри, перш ніж вибрати базову карту, уважно роздивіться резерв; уникайте базових карт, яких кілька поховано в резерві».)
# 2. *«Шукайте обернені послідовності у стосі, резерві основи для вилучення усіх обернених послідовностей карт.»* (В оригіналі: залиште основу для кожної оберненої послідовності зі стосу, щоб її прибрати.)
# 3. *«Try to start Tableau piles from the last card needed to complete a Foundation.»* («Намагайтеся починати стовпчики ігрового поля з останньої карти, потрібної, щоб завершити основу».)
# 4. *«Remember that you can continue to flip cards from the stock while it is locked without filling the tableau by using the top card of the waste.»* («Пам'ятайте: поки стос заблоковано, можна й далі перевертати з нього карти, не заповнюючи ігрового поля, — для цього зіграйте верхню карту звалища».)
#
# Кожна порада нижче проходить ті самі п'ять кроків:
#
# 1. **живий стіл** на роздачі, де порада вирішує гру, відкритий саме на тому ході, де вона важить, з увімкненим **Тренером** (він позначає те, що бачать поради, і озивається, коли хід іде проти однієї з них);
# 2. **ваш хід**: зіграйте його на столі, а потім запустіть клітинку під ним, щоб побачити, до чого привів кожен вибір;
# 3. **чого варта порада**, виміряно на 2 000 роздач, з 95-відсотковим інтервалом;
# 4. **вправа**, що перевіряє вашу відповідь, із розв'язком за кнопкою;
# 5. **тренування**: п'ять позицій зі справжніх роздач на живому столі. Ваш хід оцінюється одразу за тим, що він робить (✓ або ✗, із причиною на столі), кожен щабель драбини підказок коштує зірку, а ваші зірки зберігаються між сеансами. Кожне тренування показує, скільки роздач порада виграла *і* програла в дослідженні, і має позиції обох видів.
#
# **Як знайдено роздачі й виміряно поради.** Ту саму роздачу грають два чесні гравці: гравець за правилами з пакета (`RulePlayer`) з усіма порадами і той самий гравець з однією вимкненою порадою. Обидва бачать лише те, що бачите ви (`Game.observation()`: стосу — ніколи). Вони грають однакові ходи до першої позиції, де порада змінює хід: це і є стіл, який ви отримуєте. Узято роздачі, де гравець із порадою виграв, а гравець без неї програв. Виміряна вага — це те саме порівняння на роздачах 1–2 000 (`benchmarks/strategy.py`, збережено в пакеті й показано з командою в кінці). Ці окремі роздачі вибрано там, де порада виграла, тож вони її прикрашають: читайте лічильники в кожному тренуванні й грайте також позиції з роздач, які порада програла.
#
# Столи, Тренер, вправи й те, що друкує код, говорять українською (перша клітинка коду викликає `use_language("uk")`); лише ідентифікатори, як-от `terrace` чи `deal-on`, лишаються такими, як їх пише рушій.

# %%
from terrace_widget import Game, play
from terrace_widget.fair import strategy as st
from terrace_widget.i18n import use_language
from terrace_widget.lessons import check_answer, check_move, drill, effect_text, reveal, tip_moment

use_language("uk")  # те, що друкує код, теж українською

# %% [markdown]
# ## Порада 1: прочитайте резерв, перш ніж вибрати базу
#
# Значення базової карти починає кожну основу. Карта цього значення, похована в резерві, затримує цілу основу, доки не підуть карти над нею. Тож: серед чотирьох кандидатів віддавайте перевагу значенню, якого в резерві мало, і не глибоко. У роздачі 14 є кандидат, чиє значення лежить у резерві двічі.

# %%
# NBVAL_IGNORE_OUTPUT
base = tip_moment("terrace", 14, "base", locale="uk")
w1 = play(game=base.game(), coach=True, locale="uk")
w1

# %% [markdown]
# **Ваш хід:** виберіть базу на столі вище (покладіть одну з чотирьох карт на основу). Тренер позначає кожного кандидата тим, що каже про нього резерв. Потім запустіть:

# %%
print(check_move(base, w1.game, locale="uk"))

# %% [markdown]
# Що каже резерв, словами (та сама функція, якою користується Тренер):

# %%
for reading in st.base_readings(base.game().observation()):
    print(reading.text)

# %%
# NBVAL_IGNORE_OUTPUT
print(effect_text("terrace", "base", locale="uk"))

# %% [markdown]
# Всевидющий розв'язувач розповідає ту саму історію тихішим голосом. На збереженому прогоні `notebooks/data/winnability-bases.jsonl` (версія розв'язувача 7, 100 000 вузлів на пошук, 150 роздач «Тераси», розв'язано кожну можливу базу) — частка виграних баз-кандидатів залежно від того, скільки карт їхнього значення лежить у резерві; нерозв'язані пошуки вважаються невиграними:

# %%
from terrace_widget.studies.analysis import load_results
from terrace_widget.studies.tip_study import solver_bases

records = load_results("../data/winnability-bases.jsonl", as_frame=False)
terrace = next(row for row in solver_bases(records) if row["spec"] == "terrace")
print(f"розв'язувач v{terrace['solver_version']}, {terrace['budget']:,} вузлів, "
      f"{terrace['deals']} роздач")  # fmt: skip
for cls, c in terrace["classes"].items():
    print(f"{cls:>2} у резерві: виграно {c['won']:.0%} з {c['bases']} баз "
          f"(95% {c['low']:.0%}-{c['high']:.0%})")  # fmt: skip
d, lo, hi = (round(100 * x) for x in terrace["best_minus_tip"])
print(f"найкраща база виграє на {d} пунктів більше роздач, ніж база поради (95% від {lo} до {hi})")

# %% [markdown]
# Отже, значення, якого в резерві немає, явно краще (86% проти 73% з однією картою), але дві чи більше карти не вимірно гірші за одну, а вибір поради далекий від найкращої бази: резерв — лише частина історії.
#
# **Вправа 1.** Роздача 30: якого кандидата вибирає порада? Напишіть карту англійськими літерами (наприклад, `"KD"` або `"K♦"` для К♦) і запустіть клітинку під нею. І ще: значення 7♠ лежить у резерві один раз, але де? (Їх читає `st.base_readings(obs)`.)

# %%
answer_1 = ""  # базова карта поради в роздачі 30

# %%
obs = Game("terrace", seed=30).observation()
print(check_answer(answer_1, st.tip_base(obs).card, locale="uk"))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
readings = sorted(st.base_readings(obs), key=lambda r: r.burial)
reveal(
    f"{st.tip_base(obs).text}\nПрочитання, від найменш похованого:\n"
    + "\n".join(str(r.text) for r in readings)
    + "\nЄдина сімка лежить зверху резерву, тож вона йде на основу на самому початку: за"
    " прочитанням поради 7♠ — друга. Наскільки вона краща за Д♦ чи В♥, тут не виміряно.",
    locale="uk"
)  # fmt: skip

# %% [markdown]
# **Тренування: виберіть базу.**

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-base", locale="uk")

# %% [markdown]
# ## Порада 2: залиште основу для кожної оберненої послідовності
#
# Обернена послідовність — це ряд, що виходить зі стосу згори донизу (скажімо, 8♠, а потім 7♥): на звалищі менша карта лежатиме над більшою, тож узяти обидві по черзі може лише основа, що чекає на *меншу* карту (тут 7♥): спершу 7♥ з верху звалища, потім 8♠ з-під неї. Порада: не займайте останньої основи, потрібної такому ряду. У роздачі 142 ця мить настає після 94 ходів.

# %%
# NBVAL_IGNORE_OUTPUT
runs = tip_moment("terrace", 142, "reversed", locale="uk")
w2 = play(game=runs.game(), coach=True, locale="uk")
w2

# %% [markdown]
# **Ваш хід:** Тренер бере обернений ряд у рамку. Зіграйте хід, який зіграли б ви, потім запустіть:

# %%
print(check_move(runs, w2.game, locale="uk"))

# %%
# NBVAL_IGNORE_OUTPUT
print(effect_text("terrace", "reversed", locale="uk"))

# %% [markdown]
# **Вправа 2.** У роздачі 6 виберіть базу поради і здавайте, доки на верху звалища не з'явиться обернений ряд щонайменше з двох карт. Який це ряд і скільки карт ви здали? (`st.reversed_runs(game.observation())` перелічує ряди на звалищі й у резерві.)

# %%
answer_2 = ""  # скільки карт ви здали

# %% jupyter={"source_hidden": true}
game = Game("terrace", seed=6)
game.play(st.tip_base(game.observation()).move)
while game.is_legal("deal"):
    game.play("deal")
    waste = [r for r in st.reversed_runs(game.observation()) if r.pile == "waste"]
    if waste and waste[0].head_depth == 0:
        break
dealt = sum(str(m) == "deal" for m in game.history)
print(check_answer(answer_2, dealt, locale="uk"))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
reveal(f"Після {dealt} здач: {waste[0].text}", locale="uk")

# %% [markdown]
# **Тренування: обернені ряди.** Коли гравець її слухається (він притримує основу навіть ціною здачі), ця порада в середньому коштує роздач: лічильники кажуть, як часто. Оцінюйте кожну позицію окремо.

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-reversed", locale="uk")

# %% [markdown]
# ## Порада 3: починайте стовпчики з останньої карти, потрібної основі
#
# Основа закінчується значенням на одне нижчим за базу (база 5 — четвіркою). Стовпчик, розпочатий із цього значення, ніколи нічого не блокує: під нього нічого не мусить лягти. Роздача 48 доходить до цієї миті після 2 ходів, з одним порожнім місцем.

# %%
# NBVAL_IGNORE_OUTPUT
starts = tip_moment("terrace", 48, "pile-start", locale="uk")
w3 = play(game=starts.game(), coach=True, locale="uk")
w3

# %% [markdown]
# **Ваш хід:** заповніть порожнє місце або не заповнюйте. Потім запустіть:

# %%
print(check_move(starts, w3.game, locale="uk"))

# %%
# NBVAL_IGNORE_OUTPUT
print(effect_text("terrace", "pile-start", locale="uk"))

# %% [markdown]
# Прочитайте це число, перш ніж довіряти пораді: якщо виконувати її так, як наш гравець (рано заповнювати порожнє місце цим значенням, а будь-якою іншою картою — лише в крайньому разі), вона в середньому *коштує* тестовому гравцеві роздач, хоча цю роздачу виграє. Порожнє місце блокує стос, тож очікування потрібної карти може зупинити всю гру.
#
# **Вправа 3.** Яке значення в миті на столі вище найкраще починає стовпчик, і яку карту поклав на порожнє місце гравець без поради?

# %%
answer_3 = ""  # карта, яку гравець без поради поклав на порожнє місце

# %% jupyter={"source_hidden": true}
obs = starts.game().observation()
print(check_answer(answer_3, obs["piles"]["waste"][-1], locale="uk"))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
reveal(
    f"Найкращий початок стовпчика: значення {st.pile_start_rank(obs)} (на одне нижче за"
    f" базу). Без поради гравець грає {starts.without_tip}: карта звалища"
    f" {obs['piles']['waste'][-1]} лягає на порожнє місце.",
    locale="uk"
)  # fmt: skip

# %% [markdown]
# **Тренування: почніть стовпчик добре.**

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-pile-start", locale="uk")

# %% [markdown]
# ## Порада 4: здавайте далі, поки стос заблоковано
#
# Поки якийсь стовпчик ігрового поля порожній, стос здає одну карту й блокується, доки карту зі звалища не буде кудись зіграно. Заповнити порожнє місце — один спосіб зняти блокування; покласти карту зі звалища на стовпчик ігрового поля — інший, і він зберігає порожнє місце для доброго початку стовпчика. Роздача 19 доходить до цієї миті після 29 ходів.

# %%
# NBVAL_IGNORE_OUTPUT
lock = tip_moment("terrace", 19, "deal-on", locale="uk")
w4 = play(game=lock.game(), coach=True, locale="uk")
w4

# %% [markdown]
# **Ваш хід:** стос заблоковано. Зіграйте карту зі звалища, потім запустіть:

# %%
print(check_move(lock, w4.game, locale="uk"))

# %%
# NBVAL_IGNORE_OUTPUT
print(effect_text("terrace", "deal-on", locale="uk"))

# %% [markdown]
# **Вправа 4.** Що в цій миті каже `st.deal_on` і який хід пропонує?

# %%
answer_4 = ""  # хід, який пропонує st.deal_on, наприклад "waste-t3"

# %% jupyter={"source_hidden": true}
tip = st.deal_on(lock.game().observation())
print(check_answer(answer_4, tip.move, locale="uk"))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
reveal(f"{tip.text} -> {tip.move}", locale="uk")

# %% [markdown]
# **Тренування: здавайте далі.**

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-deal-on", locale="uk")

# %% [markdown]
# ## Усі чотири поради разом
#
# Те саме вимірювання для кожної поради і для всіх чотирьох, вимкнених разом. Зелені смуги допомагають (увесь інтервал вище нуля), червоні коштують роздач, сірі не відрізнити від відсутності впливу. Кожен інтервал — 95-відсотковий для свого власного тесту. Дослідження порад робить 27 таких тестів (кожна порада в кожній грі), тож README виправляє їх методом Голма (`python -m benchmarks holm`): у «Терасі» «здавайте далі» (+2,6) і шкода «початку стовпчика» лишаються явними, а шкода «обернених рядів» (−0,9) вже не явна.

# %%
# NBVAL_IGNORE_OUTPUT
from terrace_widget.fair import coach
from terrace_widget.lessons import effects_table
from terrace_widget.studies import plots

rows = effects_table("terrace", locale="uk")
if rows:
    plots.tip_effect_bars(
        rows, title="«Тераса»: чесний гравець за правилами, кожна порада увімк./вимк."
    )
print(coach.measured().get("command", "ще не виміряно: benchmarks/strategy.py"))

# %% [markdown]
# ## Уся родина ігор
#
# Те саме парне вимірювання в семи іграх: частка роздач, які гравець виграє з усіма порадами, а потім різниця кожної поради в пунктах із 95-відсотковим інтервалом (порожньо — порада до цієї гри не застосовується). Назви порад у таблиці — як у коді: `base` (база), `deal-on` (здавайте далі), `pile-start` (початок стовпчика), `reversed` (обернені ряди); назви ігор друкуються англійською.

# %%
# NBVAL_IGNORE_OUTPUT
from terrace_widget.rules.variants import get_rules

family = ["terrace", "generals-patience", "falling-stars", "signora", "redheads",
          "blondes-and-brunettes", "wood"]  # fmt: skip
tips = ["base", "deal-on", "pile-start", "reversed"]
print(f"{'гра':22} {'виграно':>8}  " + "  ".join(f"{t:>19}" for t in tips))
for name in family:
    rows = {r["tip"]: r for r in effects_table(name, locale="uk")}
    cells = [f"{100 * rows[t]['difference']:+5.1f} ({100 * rows[t]['low']:+.1f},"
             f"{100 * rows[t]['high']:+.1f})" if t in rows else "" for t in tips]  # fmt: skip
    won = next(iter(rows.values()))["with"] if rows else 0.0
    print(f"{get_rules(name).name:22} {won:8.1%}  " + "  ".join(f"{c:>19}" for c in cells))

# %% [markdown]
# Що каже таблиця, простими словами:
#
# * **Здавати далі, поки стос заблоковано** — єдина порада, що допомагає цьому гравцеві в кожній грі, яка блокує стос («Загальний пасьянс» він майже ніколи не виграє, тож там нічого не видно).
# * **Читання резерву для вибору бази** не дає цьому гравцеві явної різниці, а найкраща з чотирьох баз виграла б набагато більше, ніж база поради: резерв — лише мала частина того, що робить базу доброю.
# * **Починати стовпчики зі значення на одне нижчого за базу** коштує роздач, від 6 до 10 пунктів: порожнє місце, яке тримають для потрібної карти, тримає стос заблокованим. Краще правило — заповнювати порожнє місце тим, що дозволяють правила; це правило і є вимкнена порада, тож його вага — те саме число з протилежним знаком.
# * **Залишати основу для кожного оберненого ряду** коштує до 2,4 пункту.
#
# Це вага порад для *простого* гравця. Сильніший чесний гравець, що дивиться на кілька ходів уперед у вибіркових світах карт, яких не бачить, виграє набагато більше роздач; всевидющий розв'язувач, що знає стос, — верхня межа. На тих самих роздачах (`benchmarks/fair_ceiling.py`, збережено в `data/fair-ceiling.jsonl`):

# %%
# NBVAL_IGNORE_OUTPUT
from terrace_widget.studies.tip_study import fair_ceiling, load_ceiling, load_tips

ceiling = load_ceiling("../data/fair-ceiling.jsonl")
solved = load_results("../data/winnability.jsonl", as_frame=False)
for row in fair_ceiling(ceiling, load_tips("../data/strategy-terrace.jsonl"), solved):
    if row["game"] != "terrace":
        continue
    rule, seeing = row["rule"], row["solver"]
    print(f"роздач «Тераси»: {row['deals']}; {row['player']}: виграно {row['won']:.1%} "
          f"(95% {row['low']:.1%}-{row['high']:.1%})")  # fmt: skip
    print(f"гравець за правилами, усі поради: {rule['won']:.1%}; різниця "
          f"{100 * rule['difference'][0]:+.1f} пункту (95% від {100 * rule['difference'][1]:+.1f} "
          f"до {100 * rule['difference'][2]:+.1f})")  # fmt: skip
    print(f"всевидющий розв'язувач (v{seeing['solver_version']}, {seeing['budget']:,} вузлів): "
          f"виграно {seeing['won']:.1%}, нерозв'язаних {seeing['undecided']}")  # fmt: skip

# %% [markdown]
# ## Спробуйте будь-яку роздачу: база проти вердикту розв'язувача
#
# Виберіть роздачу зі збереженого прогону розв'язувача; таблиця перелічує кожну можливу базу з тим, що каже резерв, і тим, що знайшов всевидющий розв'язувач (версія розв'язувача 7, 100 000 вузлів на пошук). Роздачу змінюють повзунком.

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
# ## Куди далі
#
# * [01-play.ipynb](01-play.ipynb): грайте в будь-яку з одинадцяти ігор на живому столі
# * [02-rules-tutorial.ipynb](02-rules-tutorial.ipynb): правила, по одній невеликій позиції
# * [04-klondike-strategy.ipynb](../04-klondike-strategy.ipynb): поради «Клондайка», зіграні (англійською)
# * [05-analyses.ipynb](../05-analyses.ipynb): наскільки виграшні всі одинадцять ігор (англійською)
# * [06-scripting-and-agents.ipynb](../06-scripting-and-agents.ipynb): напишіть власного бота й проведіть турнір (англійською)
# * [07-what-the-data-teaches.ipynb](../07-what-the-data-teaches.ipynb): два правила, яких не дає жодна сторінка довідки і які втричі збільшують виграші порад, у вигляді тренувань (англійською)

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
# # Стратегия «Террасы»: сыграйте каждый совет из справки
#
# Цель «Террасы» — собрать все восемь оснований вверх от базовой карты, по кругу (… Д К Т 2 …), чередуя цвета, пока на них не лягут все 104 карты. Страница справки GNOME Aisleriot о «Террасе» заканчивается четырьмя советами:
#
# 1. *«Прежде чем выбрать свою базовую карту, внимательно изучите резерв. Избегайте базовых карт, если карты с таким же значением находятся в резерве.»* (В английском оригинале точнее: избегайте базовых карт, которых *несколько* похоронено в резерве.)
# 2. *«Следите за перевернутыми последовательностями в колоде, зарезервируйте основание, чтобы удалить каждую перевернутую последовательность.»*
# 3. *«Попробуйте собирать стопки в раскладе с последней карты, необходимой для завершения оснований.»*
# 4. *«Помните, что вы можете продолжать переворачивать карты из колоды пока она заблокирована, не заполняя расклад, используя для этого верхнюю карту из сброса.»*
#
# Каждый совет ниже проходит одни и те же пять шагов:
#
# 1. **живой стол** на раздаче, где совет решает игру, открытый ровно на том ходе, где он важен, с включённым **Тренером** (он отмечает то, что видят советы, и подаёт голос, когда ход идёт против одного из них);
# 2. **ваш ход**: сыграйте его на столе, затем запустите ячейку под ним, чтобы увидеть, к чему привёл каждый выбор;
# 3. **чего стоит совет**, измерено на 2 000 раздач, с 95-процентным интервалом;
# 4. **упражнение**, которое проверяет ваш ответ, с решением за кнопкой;
# 5. **тренировка**: пять позиций из настоящих раздач на живом столе. Ваш ход оценивается сразу по тому, что он делает (✓ или ✗, с причиной на столе), каждая ступень лестницы подсказок стоит звезды, а ваши звёзды сохраняются между сеансами. Каждая тренировка показывает, сколько раздач совет выиграл *и* проиграл в исследовании, и содержит позиции обоих видов.
#
# **Как найдены раздачи и измерены советы.** Одну и ту же раздачу играют два честных игрока: игрок по правилам из пакета (`RulePlayer`) со всеми советами и тот же игрок с одним выключенным советом. Оба видят только то, что видите вы (`Game.observation()`: колоду — никогда). Они играют одинаковые ходы до первой позиции, где совет меняет ход: это и есть стол, который вы получаете. Взяты раздачи, где игрок с советом выиграл, а игрок без него проиграл. Измеренная ценность — то же сравнение на раздачах 1–2 000 (`benchmarks/strategy.py`, сохранено в пакете и показано вместе с командой в конце). Эти отдельные раздачи выбраны там, где совет выиграл, поэтому они ему льстят: читайте счётчики в каждой тренировке и играйте также позиции из раздач, которые совет проиграл.
#
# Столы, Тренер, тренировки и то, что печатает код, говорят по-русски (первая ячейка кода вызывает `use_language("ru")`); только идентификаторы, например `terrace` или `deal-on`, остаются такими, как их пишет движок.

# %%
from terrace_widget import Game, play
from terrace_widget.fair import strategy as st
from terrace_widget.i18n import use_language
from terrace_widget.lessons import check_answer, check_move, drill, effect_text, reveal, tip_moment

use_language("ru")  # то, что печатает код, тоже по-русски

# %% [markdown]
# ## Совет 1: прочтите резерв, прежде чем выбрать базу
#
# Достоинство базовой карты начинает каждое основание. Карта этого достоинства, похороненная в резерве, задерживает целое основание, пока не уйдут карты над ней. Поэтому среди четырёх кандидатов предпочитайте достоинство, которого в резерве мало, и лежит оно неглубоко. В раздаче 14 есть кандидат, чьё достоинство лежит в резерве дважды.

# %%
# NBVAL_IGNORE_OUTPUT
base = tip_moment("terrace", 14, "base", locale="ru")
w1 = play(game=base.game(), coach=True, locale="ru")
w1

# %% [markdown]
# **Ваш ход:** выберите базу на столе выше (положите одну из четырёх карт на основание). Тренер отмечает каждого кандидата тем, что говорит о нём резерв. Затем запустите:

# %%
print(check_move(base, w1.game, locale="ru"))

# %% [markdown]
# Что говорит резерв, в виде фраз (это та же функция, которой пользуется Тренер):

# %%
for reading in st.base_readings(base.game().observation()):
    print(reading.text)

# %%
# NBVAL_IGNORE_OUTPUT
print(effect_text("terrace", "base", locale="ru"))

# %% [markdown]
# Всевидящий решатель рассказывает ту же историю, но тише. На сохранённом прогоне `notebooks/data/winnability-bases.jsonl` (версия решателя 7, 100 000 узлов на поиск, 150 раздач «Террасы», решена каждая возможная база) — доля выигранных баз-кандидатов в зависимости от того, сколько карт их достоинства лежит в резерве; нерешённые поиски считаются невыигранными:

# %%
from terrace_widget.studies.analysis import load_results
from terrace_widget.studies.tip_study import solver_bases

records = load_results("../data/winnability-bases.jsonl", as_frame=False)
terrace = next(row for row in solver_bases(records) if row["spec"] == "terrace")
print(f"решатель v{terrace['solver_version']}, {terrace['budget']:,} узлов, "
      f"{terrace['deals']} раздач")  # fmt: skip
for cls, c in terrace["classes"].items():
    print(f"{cls:>2} в резерве: выиграно {c['won']:.0%} из {c['bases']} баз "
          f"(95% {c['low']:.0%}-{c['high']:.0%})")  # fmt: skip
d, lo, hi = (round(100 * x) for x in terrace["best_minus_tip"])
print(f"лучшая база выигрывает на {d} пунктов больше раздач, чем база совета (95% {lo}…{hi})")

# %% [markdown]
# Итак, достоинство, которого в резерве нет, явно лучше (86% против 73% с одной картой), но две карты и больше измеримо не хуже одной, а выбор совета далёк от лучшей базы: резерв — лишь часть истории.
#
# **Упражнение 1.** Раздача 30: какого кандидата выбирает совет? Напишите карту английскими буквами (например, `"KD"` или `"K♦"` для К♦) и запустите ячейку под ней. И ещё: достоинство 7♠ лежит в резерве один раз, но где? (Их читает `st.base_readings(obs)`.)

# %%
answer_1 = ""  # базовая карта совета в раздаче 30

# %%
obs = Game("terrace", seed=30).observation()
print(check_answer(answer_1, st.tip_base(obs).card, locale="ru"))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
readings = sorted(st.base_readings(obs), key=lambda r: r.burial)
reveal(
    f"{st.tip_base(obs).text}\nПрочтения, от наименее похороненной:\n"
    + "\n".join(str(r.text) for r in readings)
    + "\nЕдинственная семёрка лежит на верху резерва, так что она уходит на основание в самом"
    " начале: по прочтению совета 7♠ — вторая. Насколько она лучше Д♦ или В♥, здесь не"
    " измерено.",
    locale="ru"
)  # fmt: skip

# %% [markdown]
# **Тренировка: выберите базу.**

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-base", locale="ru")

# %% [markdown]
# ## Совет 2: оставьте основание для каждой перевёрнутой последовательности
#
# Перевёрнутая последовательность — это ряд, который выходит из колоды по убыванию (скажем, 8♠, а затем 7♥): в сбросе младшая карта окажется над старшей, поэтому взять обе по очереди может только основание, которое ждёт *младшую* карту (здесь 7♥): сначала 7♥ с верха сброса, затем 8♠ из-под неё. Совет: не занимайте последнее основание, которое нужно такому ряду. В раздаче 142 этот момент наступает после 94 ходов.

# %%
# NBVAL_IGNORE_OUTPUT
runs = tip_moment("terrace", 142, "reversed", locale="ru")
w2 = play(game=runs.game(), coach=True, locale="ru")
w2

# %% [markdown]
# **Ваш ход:** Тренер обводит перевёрнутый ряд рамкой. Сыграйте ход, который сыграли бы вы, затем запустите:

# %%
print(check_move(runs, w2.game, locale="ru"))

# %%
# NBVAL_IGNORE_OUTPUT
print(effect_text("terrace", "reversed", locale="ru"))

# %% [markdown]
# **Упражнение 2.** В раздаче 6 выберите базу по совету и сдавайте, пока на верху сброса не появится перевёрнутый ряд хотя бы из двух карт. Какой это ряд и сколько карт вы сдали? (`st.reversed_runs(game.observation())` перечисляет ряды в сбросе и в резерве.)

# %%
answer_2 = ""  # сколько карт вы сдали

# %% jupyter={"source_hidden": true}
game = Game("terrace", seed=6)
game.play(st.tip_base(game.observation()).move)
while game.is_legal("deal"):
    game.play("deal")
    waste = [r for r in st.reversed_runs(game.observation()) if r.pile == "waste"]
    if waste and waste[0].head_depth == 0:
        break
dealt = sum(str(m) == "deal" for m in game.history)
print(check_answer(answer_2, dealt, locale="ru"))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
reveal(f"Сдано карт: {dealt}. {waste[0].text}", locale="ru")

# %% [markdown]
# **Тренировка: перевёрнутые ряды.** Когда игрок его слушается (придерживает основание даже ценой сдачи), этот совет в среднем стоит раздач: счётчики говорят, как часто. Оценивайте каждую позицию саму по себе.

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-reversed", locale="ru")

# %% [markdown]
# ## Совет 3: начинайте стопки с последней карты, нужной основанию
#
# Основание заканчивается достоинством на одно ниже базы (база 5 — четвёркой). Стопка, начатая с этого достоинства, никогда ничего не блокирует: под неё ничего не должно лечь. Раздача 48 доходит до этого момента после 2 ходов, с одним пустым местом.

# %%
# NBVAL_IGNORE_OUTPUT
starts = tip_moment("terrace", 48, "pile-start", locale="ru")
w3 = play(game=starts.game(), coach=True, locale="ru")
w3

# %% [markdown]
# **Ваш ход:** заполните пустое место или оставьте его свободным. Затем запустите:

# %%
print(check_move(starts, w3.game, locale="ru"))

# %%
# NBVAL_IGNORE_OUTPUT
print(effect_text("terrace", "pile-start", locale="ru"))

# %% [markdown]
# Прочтите это число, прежде чем доверять совету: если следовать ему так, как следует наш игрок (рано заполнять пустое место этим достоинством, а любой другой картой — только в крайнем случае), он в среднем *стоит* тестовому игроку раздач, хотя эту раздачу выигрывает. Пустое место блокирует колоду, поэтому ожидание нужной карты может остановить всю игру.
#
# **Упражнение 3.** Какое достоинство в момент на столе выше лучше всего начинает стопку, и какую карту положил на пустое место игрок без совета?

# %%
answer_3 = ""  # карта, которую игрок без совета положил на пустое место

# %% jupyter={"source_hidden": true}
obs = starts.game().observation()
print(check_answer(answer_3, obs["piles"]["waste"][-1], locale="ru"))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
reveal(
    f"Лучшее начало стопки: достоинство {st.pile_start_rank(obs)} (на одно ниже базы). Без"
    f" совета игрок играет {starts.without_tip}: карта из сброса {obs['piles']['waste'][-1]}"
    " ложится на пустое место.",
    locale="ru"
)  # fmt: skip

# %% [markdown]
# **Тренировка: выберите начало стопки.**

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-pile-start", locale="ru")

# %% [markdown]
# ## Совет 4: сдавайте дальше, пока колода заблокирована
#
# Пока какая-нибудь стопка расклада пуста, колода сдаёт одну карту и блокируется, пока карта из сброса не будет куда-нибудь сыграна. Заполнить пустое место — один способ снять блокировку; положить карту из сброса на стопку расклада — другой, и он сохраняет пустое место для хорошего начала стопки. Раздача 19 доходит до этого момента после 29 ходов.

# %%
# NBVAL_IGNORE_OUTPUT
lock = tip_moment("terrace", 19, "deal-on", locale="ru")
w4 = play(game=lock.game(), coach=True, locale="ru")
w4

# %% [markdown]
# **Ваш ход:** колода заблокирована. Сыграйте карту из сброса, затем запустите:

# %%
print(check_move(lock, w4.game, locale="ru"))

# %%
# NBVAL_IGNORE_OUTPUT
print(effect_text("terrace", "deal-on", locale="ru"))

# %% [markdown]
# **Упражнение 4.** Что в этот момент говорит `st.deal_on` и какой ход предлагает?

# %%
answer_4 = ""  # ход, который предлагает st.deal_on, например "waste-t3"

# %% jupyter={"source_hidden": true}
tip = st.deal_on(lock.game().observation())
print(check_answer(answer_4, tip.move, locale="ru"))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
reveal(f"{tip.text} -> {tip.move}", locale="ru")

# %% [markdown]
# **Тренировка: сдавайте дальше, не заполняя пустых мест.**

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-deal-on", locale="ru")

# %% [markdown]
# ## Все четыре совета вместе
#
# То же измерение для каждого совета и для всех четырёх, выключенных вместе. Зелёные полосы помогают (весь интервал выше нуля), красные стоят раздач, серые неотличимы от отсутствия эффекта. Каждый интервал — 95-процентный для своего собственного теста. Исследование советов делает 27 таких тестов (каждый совет в каждой игре), поэтому README поправляет их методом Холма (`python -m benchmarks holm`): в «Террасе» «сдавайте дальше» (+2,6) и вред «начала стопки» остаются явными, а вред «перевёрнутых рядов» (−0,9) уже не явный.

# %%
# NBVAL_IGNORE_OUTPUT
from terrace_widget.fair import coach
from terrace_widget.lessons import effects_table
from terrace_widget.studies import plots

rows = effects_table("terrace", locale="ru")
if rows:
    plots.tip_effect_bars(rows, title="«Терраса»: честный игрок по правилам, с советом и без")
print(coach.measured().get("command", "ещё не измерено: benchmarks/strategy.py"))

# %% [markdown]
# ## Всё семейство игр
#
# То же парное измерение в семи играх: доля раздач, которые игрок выигрывает со всеми советами, затем разница каждого совета в пунктах с 95-процентным интервалом (пусто — совет к этой игре не относится). Названия советов в таблице — как в коде: `base` (база), `deal-on` (сдавайте дальше), `pile-start` (начало стопки), `reversed` (перевёрнутые ряды); названия игр печатаются по-английски.

# %%
# NBVAL_IGNORE_OUTPUT
from terrace_widget.rules.variants import get_rules

family = ["terrace", "generals-patience", "falling-stars", "signora", "redheads",
          "blondes-and-brunettes", "wood"]  # fmt: skip
tips = ["base", "deal-on", "pile-start", "reversed"]
print(f"{'игра':22} {'выиграно':>8}  " + "  ".join(f"{t:>19}" for t in tips))
for name in family:
    rows = {r["tip"]: r for r in effects_table(name, locale="ru")}
    cells = [f"{100 * rows[t]['difference']:+5.1f} ({100 * rows[t]['low']:+.1f},"
             f"{100 * rows[t]['high']:+.1f})" if t in rows else "" for t in tips]  # fmt: skip
    won = next(iter(rows.values()))["with"] if rows else 0.0
    print(f"{get_rules(name).name:22} {won:8.1%}  " + "  ".join(f"{c:>19}" for c in cells))

# %% [markdown]
# Что говорит таблица, простыми словами:
#
# * **Сдавать дальше, пока колода заблокирована** — единственный совет, который помогает этому игроку в каждой игре, где колода блокируется («Генеральский пасьянс» он почти никогда не выигрывает, поэтому там ничего не видно).
# * **Чтение резерва при выборе базы** не даёт этому игроку явной разницы, а лучшая из четырёх баз выиграла бы гораздо больше, чем база совета: резерв — лишь малая часть того, что делает базу хорошей.
# * **Начинать стопки с достоинства на одно ниже базы** стоит раздач, от 6 до 10 пунктов: пустое место, которое держат для нужной карты, держит колоду заблокированной. Лучшее правило — заполнять пустое место тем, что позволяют правила; это правило и есть выключенный совет, поэтому его ценность — то же число с обратным знаком.
# * **Оставлять основание для каждого перевёрнутого ряда** стоит до 2,4 пункта.
#
# Это ценность советов для *простого* игрока. Более сильный честный игрок, который смотрит на несколько ходов вперёд в выборочных мирах карт, которых он не видит, выигрывает гораздо больше раздач; всевидящий решатель, который знает колоду, — верхняя граница. На тех же раздачах (`benchmarks/fair_ceiling.py`, сохранено в `data/fair-ceiling.jsonl`):

# %%
# NBVAL_IGNORE_OUTPUT
from terrace_widget.studies.tip_study import fair_ceiling, load_ceiling, load_tips

ceiling = load_ceiling("../data/fair-ceiling.jsonl")
solved = load_results("../data/winnability.jsonl", as_frame=False)
for row in fair_ceiling(ceiling, load_tips("../data/strategy-terrace.jsonl"), solved):
    if row["game"] != "terrace":
        continue
    rule, seeing = row["rule"], row["solver"]
    print(f"раздач «Террасы»: {row['deals']}; {row['player']}: выиграно {row['won']:.1%} "
          f"(95% {row['low']:.1%}-{row['high']:.1%})")  # fmt: skip
    print(f"игрок по правилам, все советы: {rule['won']:.1%}; разница "
          f"{100 * rule['difference'][0]:+.1f} пункта (95% от {100 * rule['difference'][1]:+.1f} "
          f"до {100 * rule['difference'][2]:+.1f})")  # fmt: skip
    print(f"всевидящий решатель (v{seeing['solver_version']}, {seeing['budget']:,} узлов): "
          f"выиграно {seeing['won']:.1%}, нерешённых {seeing['undecided']}")  # fmt: skip

# %% [markdown]
# ## Попробуйте любую раздачу: база против вердикта решателя
#
# Выберите раздачу из сохранённого прогона решателя; таблица перечисляет каждую возможную базу с тем, что говорит о ней резерв, и тем, что нашёл всевидящий решатель (версия решателя 7, 100 000 узлов на поиск). Раздача меняется ползунком.

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
# ## Что дальше
#
# * [01-play.ipynb](01-play.ipynb): играйте в любую из одиннадцати игр на живом столе
# * [02-rules-tutorial.ipynb](02-rules-tutorial.ipynb): правила, по одной небольшой позиции за раз
# * [04-klondike-strategy.ipynb](../04-klondike-strategy.ipynb): советы «Клондайка», сыгранные на столе (по-английски)
# * [05-analyses.ipynb](../05-analyses.ipynb): насколько выигрышны все одиннадцать игр (по-английски)
# * [06-scripting-and-agents.ipynb](../06-scripting-and-agents.ipynb): напишите своего бота и проведите турнир (по-английски)
# * [07-what-the-data-teaches.ipynb](../07-what-the-data-teaches.ipynb): два правила, которых не даёт ни одна страница справки и которые втрое увеличивают выигрыши советов, в виде тренировок (по-английски)

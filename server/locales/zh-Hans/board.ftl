# 公开公告板、选手页面、更正单和自助页面(issue 31)。

## 页面框架

shell-board = 首页
shell-live = 实时
shell-live-title = 自动更新
tab-pairings = 对阵表
tab-standings = 排名
tab-players = 选手

## 错误页面

error-not-found = 找不到
error-cannot-read = 无法读取
error-try-again = 请稍后再试
error-not-for-this-desk = 此服务台不能办理
error-cannot-take = 现在无法受理
error-not-allowed = 不允许
error-please-wait = 请稍候
error-went-wrong = 出了点问题
error-too-long = 太长了
error-form-expired = 表单已过期
error-address-too-long = 地址太长
error-back = 返回首页
error-busy = 服务器繁忙,请再试一次。
error-no-page = 没有这个页面。

## 格式:段级位和开始时间

rank-kyu = { $n }级
rank-dan = { $n }段
rank-pro = 职业{ $n }段
start-with-day = { $month }月{ $day }日 { $weekday ->
        [1] 周一
        [2] 周二
        [3] 周三
        [4] 周四
        [5] 周五
        [6] 周六
       *[7] 周日
    } { $clock }

## 公告板首页

home-title = 比赛公告板
home-none = 还没有比赛。
home-finished = 已结束:{ $total }轮全部赛完
home-round-finished = 第{ $round }轮(共{ $total }轮)已结束
home-round-playing = 第{ $round }轮(共{ $total }轮)进行中
home-registration-open = 共{ $total }轮 · 报到进行中
home-registration-closed = 共{ $total }轮 · 报到已截止

## 多个页面共用的词

board-rounds = 轮次:
board-round-is-a-number = 轮次用数字表示,例如 ?round=2。
board-round-not-published = 第{ $round }轮尚未公布。
board-no-tournament = 没有第{ $tournament }号比赛。
board-table = 第{ $table }台
board-white = 白
board-black = 黑
board-nigiri = 猜先
board-komi = 贴{ $komi }目
board-no-komi = 不贴目(黑先)
board-stones = 让{ $stones }子,不贴目
col-table = 台次
col-white = 白
col-black = 黑
col-handicap = 让子
col-komi = 贴目
col-place = 名次
col-player = 选手
col-wins = 胜局
col-prize = 奖金
col-group = 组
col-section = 组别
col-start-mms = 起始MMS
col-players = 人数
col-winner = 冠军
col-prizes = 奖金
col-rung = 梯位
col-games = 对局
col-round = 轮次
col-opponent = 对手
col-result = 结果
result-playing = 对局中
result-being-checked = 核对中
result-of-game = { $forfeit ->
        [yes] { $result ->
            [won] 不战胜
            [lost] 不战负
            [jigo] 和棋(不战)
            [both-lost] 双负(不战)
            [both-won] 双胜(不战)
           *[unknown] 未知(不战)
        }
       *[no] { $result ->
            [won] 胜
            [lost] 负
            [jigo] 和棋
            [both-lost] 双负
            [both-won] 双胜
           *[unknown] 未知
        }
    }
col-name = 姓名
col-rank = 段级位
col-club = 俱乐部
col-country = 国家
col-rounds = 参赛轮次
col-status = 状态
status-expected = 未报到
status-checked-in = 已报到
status-withdrawn = 退赛
rounds-all = 全部

## 对阵表

pairings-bad-query = 用 ?round=N 查看之前的轮次。
pairings-title = 第{ $round }轮对阵表
pairings-page-title = { $tournament }:第{ $round }轮对阵表
pairings-page-title-none = { $tournament }:对阵表
pairings-starts-at = { $when }开始。
pairings-round-starts-at = 第{ $round }轮{ $when }开始。
pairings-search-placeholder = 姓名或编号
pairings-search-label = 查找选手
pairings-find = 查找
pairings-by-name = 按姓名
pairings-by-table = 按台次
pairings-versus = 对
pairings-bye = 轮空:
pairings-through = 不战晋级:
pairings-bye-this-round = 本轮轮空
pairings-not-playing = 本轮不下的选手
pairings-withdrawn = 退赛
pairings-not-this-round = 本轮不参赛
pairings-absent = 缺席
pairings-no-rounds = 本项活动不分轮次:选手自行配对,每盘下完即记录结果。
pairings-see-who-is-where = 查看当前名次。
pairings-none-published = 还没有公布任何轮次。裁判长一公布,对阵表就会出现在这里。
pairings-round-starts-at-short = 第{ $round }轮 { $when }开始

## 排名

standings-none = 还没有排名。
standings-page-title = { $tournament }:排名
standings-order = 排名依据:{ $order }。名次相同的标有 =。
standings-before = 第1轮前的排名
standings-final = 最终排名
standings-after = 第{ $round }轮后的排名
standings-provisional = 第{ $round }轮后的排名(暂定:结果仍在录入)
standings-crosstable = 交叉表
standings-crosstable-of = 交叉表:{ $group }
standings-crosstable-key = 每行是对上方编号选手的结果:1 胜,0 负,½ 和棋,! 不战,? 尚无结果。
standings-winners-section = 胜者组
standings-bracket = 淘汰赛表
standings-winner = 冠军:
standings-round = 第{ $round }轮
standings-at-table = 第{ $table }台
standings-through = 晋级:
standings-won = 胜者:
standings-losers-round = { $section }:第{ $round }轮
standings-final-match = 决赛
standings-final-again = 决赛(重赛)
standings-losers-section = 败者组
standings-group-winners = 各组冠军
standings-section-winners = 各组别冠军

## 擂台赛和自由对局

ladder-title = 擂台
ladder-self-paired = 自由对局
ladder-page-title = { $tournament }:擂台
ladder-page-title-self-paired = { $tournament }:自由对局
ladder-self-paired-rule = { $meetings ->
        [0] 请在轮次之间自行配对:任意两名选手均可;下完后告诉成绩登记处谁赢了。按胜局排名。
       *[other] 请在轮次之间自行配对:任意两名选手均可,同一对最多{ $meetings }次;下完后告诉成绩登记处谁赢了。按胜局排名。
    }
ladder-rule = { $reach ->
        [0] 可以挑战排在自己上面的任何人;挑战者获胜即取得守擂者的梯位。
       *[other] 可以挑战往上{ $reach }个梯位以内的人;挑战者获胜即取得守擂者的梯位。
    }
ladder-stones = { $rungs ->
        [0] 分先对局。
        [1] 每相差一个梯位让一子。
       *[other] 每相差{ $rungs }个梯位让一子。
    }
ladder-beat = { $winner } 胜 { $loser }
ladder-jigo = { $first } – { $second }:和棋
ladder-challenge = { $challenger }(第{ $from }位)挑战 { $defender }(第{ $to }位):{ $outcome ->
        [challenger] 挑战者胜
        [defender] 守擂者胜
       *[jigo] 和棋
    }
ladder-handicap = 让{ $stones }子

## 选手名单

players-page-title = { $tournament }:选手
players-counts = 报名{ $registered }人,已报到{ $checked_in }人。

## 选手页面

player-bad-number = 选手用名单上的编号表示。
player-no-such = 本比赛没有{ $number }号选手。
player-rounds = 参赛轮次 { $rounds }
player-none-published = 还没有公布任何轮次。
player-bye = 轮空
player-through = 不战晋级
player-drawn-later = 本组下完后再配对
player-not-paired = 未配对
player-next-nigiri = 第{ $table }台,与 { $opponent } 猜先
player-next-seat = 第{ $table }台,执{ $colour }
player-next-bye = 轮空
player-next-in-parts = 本组配对后,你的台次会显示在这里
player-next-not-paired = 未配对
player-next-round = 第{ $round }轮{ $when }开始;对阵表公布后,你的台次会显示在这里。
player-not-on-ladder = 尚未进入擂台:下次报到截止时编号。
player-rung-of = 第{ $rung }位(共{ $rungs }位)
player-rung = 第{ $rung }位
player-games = { $n }局
player-wins = { $n }胜
player-at-the-top = 位居榜首:守住梯位,迎接下方的挑战。
player-may-challenge = 可以挑战:
player-even = 分先
player-no-games = 还没有对局。
player-jigo-with = 与 { $opponent } 和棋
player-won-against = 胜 { $opponent }
player-lost-to = 负于 { $opponent }
player-challenged-rung = 挑战第{ $rung }位
player-challenged-from = 被第{ $rung }位挑战

## 更正单("有错误吗?")

slip-heading = 有错误吗?
slip-pending = 为该选手发出的最近一次更正正在等待裁判长处理。
slip-accepted = 裁判长已采纳为该选手发出的最近一次更正。
slip-rejected = 裁判长没有采纳为该选手发出的最近一次更正:{ $reason }
slip-sent = 谢谢:裁判长会查看你的更正。
slip-note = 只填写需要更改的内容。裁判长核实每条更正后才会修改。
slip-family-name = 姓
slip-given-name = 名
slip-rank = 段级位(例如 3k、2d)
slip-club = 俱乐部
slip-country = 国家(两个字母)
slip-rounds = 参加的轮次(例如 1-3,5)
slip-message = 其他
slip-send = 发送给裁判长
slip-too-long = 更正写几行即可,请缩短。
slip-unreadable = 无法读取更正表单。
slip-too-many = 这台设备已发送多条更正;请等几分钟,或到服务台。
slip-bad-rank = 段级位请写成数字加 k、d 或 p,例如 3k 或 2d。
slip-bad-rounds = 轮次请写成数字和范围,例如 1-3,5。
slip-not-recorded = 暂时无法记录更正;请稍后再试,或到服务台。

## 选手用个人码做的事:报告自己的结果、自助报到

own-throttled = 这台设备或这名选手输错的码太多:请等{ $minutes }分钟,或到服务台。
own-refused = 无法受理:{ $why }。
own-wrong-code = 这不是你的个人码。请核对选手卡后重新输入。
own-registration-closed = 报到已截止:请到迟到者服务台。
own-already-checked-in = 你已经报到了。
own-check-in-at-desk = 本比赛请在报到台报到。
own-results-at-desk = 本比赛选手不自行报告结果:请把结果交给成绩登记处。
own-round-closed = 第{ $round }轮已结束:现在只有裁判长能更改结果。
own-confirmed = 第{ $table }台的结果已经确认:只有裁判长能更改;请找裁判。
own-report-heading = 报告结果
own-report-sent = 谢谢:你的结果已收到。
own-report-game = 第{ $round }轮 第{ $table }台,对手 { $opponent }
own-i-won = 我赢了
own-i-lost = 我输了
own-jigo = 和棋
own-who-had-black = 谁执黑?
own-i-had-black = 我执黑
own-they-had-black = { $name } 执黑
own-check-my-result = 核对我的结果
own-code-label = 你的个人码(在选手卡上)
own-state-confirmed = 结果已确认。现在只有裁判长能更改:如有错误请找裁判。
own-state-mismatch = 报告不一致:成绩登记处或裁判会处理。如果你的报告有误,请重新报告。
own-state-none = 这盘棋还没有人报告。你的报告与对手或成绩登记处的一致后即确认。
own-state-one = 已有一份报告:第二份(对手的、你的或成绩登记处的)一致后即确认。
own-choose-first = 请先选择“我赢了”或“我输了”。
own-form-unreadable = 无法读取表单:请重新打开你的页面。
own-not-your-game = 这不是你的对局:请重新打开你的页面。
own-say-black-first = 请先说明谁执黑。
own-check-sentence = 第{ $round }轮 第{ $table }台:你({ $me }{ $colour ->
        [white] ,执白
        [black] ,执黑
       *[open] {""}
    }){ $says ->
        [won] 胜 { $opponent }
        [lost] 负于 { $opponent }
       *[jigo] 与 { $opponent } 和棋
    }。
own-is-that-right = 这样对吗?
own-yes-report = 对,报告
own-no-change = 不对,修改
own-no-tournament = 这个地址没有对应的比赛。
own-type-again = 请重新输入你的个人码。
own-check-in-closed = 本比赛请在报到台报到。
own-check-in-heading = 报到:{ $tournament }
own-check-in-title = 报到
own-next = 下一步
own-already-in = { $name },你已经报到了。
own-see-the-desk = { $name }:请到报到台。
own-this-is-me = 是我:为我报到
own-not-me = 不是我
own-welcome = 欢迎,{ $name }:你已报到。
own-your-page = 你的页面:轮次公布后会显示你的台次
own-next-player = 下一位

## 打印的成绩单(打印时裁判长页面的语言)

slip-print-title = { $tournament }:第{ $round }轮成绩单
slip-print-heading = 成绩单:{ $tournament }
slip-print-place = 第{ $round }轮 · 第{ $table }台
slip-print-nigiri = 猜先
slip-print-nigiri-tick = 请在执黑的选手前打勾
slip-print-handicap = 让子
slip-print-white-wins = 白胜
slip-print-black-wins = 黑胜
slip-print-even = 分先,贴{ $komi }目
slip-print-one-stone = 让先(黑先),不贴目

# The team competition on the standings page.
teams-heading = 团体
col-team = 队伍
col-score = 得分
teams-rule-wins = 队伍得分为其最好的 { $n } 名队员的胜局之和（列在前面的棋手）；同分时按这些队员的名次之和排列。
teams-rule-mms = 队伍得分为其最好的 { $n } 名队员的麦克马洪分之和（列在前面的棋手）；同分时按这些队员的名次之和排列。

# A team tournament (issue 33)
col-won-drawn-lost = 胜–和–负
col-team-points = 积分
col-board-wins = 台胜
teams-match-rule = 团体名次依次按团体积分（胜一场对抗 2 分，和 1 分）、台胜数、前三台、前两台与第一台的胜数、平均等级分排定。
matches-heading = 对抗
col-tables = 桌号
matches-white-note = 先列出的队伍在第 1、3、5…台执白，另一队在第 2、4…台执白。
team-bye = 本轮轮空
team-not-found = 本赛事没有队伍 { $team }。
team-number = 第 { $number } 队
team-players = 队员（按台次）
team-page-title = { $team } — { $tournament }
team-round = 第 { $round } 轮
col-board = 台次
col-colour = 颜色
team-won-by-default = 不战而胜（对方无人）
team-lost-by-default = 不战而负（本台无人）
pairings-team-without-game = 无对局（轮空的队伍，或对方无人）：

# 公開掲示板、選手のページ、訂正票、セルフサービスのページ(issue 31)。

## ページの枠

shell-board = トップ
shell-live = 自動更新
shell-live-title = 自動的に更新されます
tab-pairings = 組み合わせ
tab-standings = 順位表
tab-players = 参加者

## エラーのページ

error-not-found = 見つかりません
error-cannot-read = 読み取れません
error-try-again = 少し待ってもう一度どうぞ
error-not-for-this-desk = この受付では扱えません
error-cannot-take = 今は受け付けられません
error-not-allowed = 許可されていません
error-please-wait = しばらくお待ちください
error-went-wrong = 問題が発生しました
error-too-long = 長すぎます
error-form-expired = フォームの期限切れ
error-address-too-long = アドレスが長すぎます
error-back = トップに戻る
error-busy = サーバーが混み合っています。もう一度お試しください。
error-no-page = そのページはありません。

## 書式: 段級位と開始時刻

rank-kyu = { $n }級
rank-dan = { $n }段
rank-pro = プロ{ $n }段
start-with-day = { $month }月{ $day }日({ $weekday ->
        [1] 月
        [2] 火
        [3] 水
        [4] 木
        [5] 金
        [6] 土
       *[7] 日
    }) { $clock }

## 掲示板のトップ

home-title = 大会掲示板
home-none = まだ大会はありません。
home-finished = 終了: 全{ $total }回戦を対局しました
home-round-finished = 第{ $round }回戦(全{ $total }回戦)終了
home-round-playing = 第{ $round }回戦(全{ $total }回戦)対局中
home-registration-open = 全{ $total }回戦 · 受付中
home-registration-closed = 全{ $total }回戦 · 受付終了

## 複数のページで使う言葉

board-rounds = 回戦:
board-round-is-a-number = 回戦は数字で指定します(例: ?round=2)。
board-round-not-published = 第{ $round }回戦はまだ発表されていません。
board-no-tournament = 大会{ $tournament }はありません。
board-table = 第{ $table }盤
board-white = 白
board-black = 黒
board-nigiri = ニギリ
board-komi = コミ{ $komi }目
board-no-komi = コミなし(黒が先番)
board-stones = { $stones }子局、コミなし
col-table = 盤
col-white = 白
col-black = 黒
col-handicap = 置石
col-komi = コミ
col-place = 順位
col-player = 選手
col-wins = 勝数
col-prize = 賞
col-group = グループ
col-section = クラス
col-start-mms = 開始MMS
col-players = 人数
col-winner = 優勝
col-prizes = 賞
col-rung = 位置
col-games = 対局
col-round = 回戦
col-opponent = 相手
col-result = 結果
result-playing = 対局中
result-being-checked = 確認中
result-of-game = { $forfeit ->
        [yes] { $result ->
            [won] 不戦勝
            [lost] 不戦敗
            [jigo] ジゴ(不戦)
            [both-lost] 両者負け(不戦)
            [both-won] 両者勝ち(不戦)
           *[unknown] 不明(不戦)
        }
       *[no] { $result ->
            [won] 勝ち
            [lost] 負け
            [jigo] ジゴ
            [both-lost] 両者負け
            [both-won] 両者勝ち
           *[unknown] 不明
        }
    }
col-name = 氏名
col-rank = 段級位
col-club = 所属
col-country = 国
col-rounds = 参加回戦
col-status = 状況
status-expected = 未着
status-checked-in = 受付済み
status-withdrawn = 棄権
rounds-all = 全て

## 組み合わせ

pairings-bad-query = 前の回戦は ?round=N で見られます。
pairings-title = 第{ $round }回戦の組み合わせ
pairings-page-title = { $tournament }: 第{ $round }回戦の組み合わせ
pairings-page-title-none = { $tournament }: 組み合わせ
pairings-starts-at = { $when }開始。
pairings-round-starts-at = 第{ $round }回戦は{ $when }開始です。
pairings-search-placeholder = 名前か番号
pairings-search-label = 選手を探す
pairings-find = 探す
pairings-by-name = 名前順
pairings-by-table = 盤順
pairings-versus = 対
pairings-bye = 抜け番:
pairings-through = 不戦で勝ち上がり:
pairings-bye-this-round = この回戦は抜け番
pairings-not-playing = この回戦に出ない選手
pairings-withdrawn = 棄権
pairings-not-this-round = この回戦は不参加
pairings-absent = 欠席
pairings-no-rounds = この催しに回戦はありません。選手同士で相手を決め、対局ごとに結果を記録します。
pairings-see-who-is-where = 現在の順位を見る。
pairings-none-published = まだ回戦は発表されていません。大会責任者が発表すると、すぐここに組み合わせが出ます。
pairings-round-starts-at-short = 第{ $round }回戦 { $when }開始

## 順位表

standings-none = まだ順位表はありません。
standings-page-title = { $tournament }: 順位表
standings-order = 順位の決め方: { $order }。同順位には = が付きます。
standings-before = 第1回戦前の順位
standings-final = 最終順位
standings-after = 第{ $round }回戦後の順位
standings-provisional = 第{ $round }回戦後の順位(暫定: 結果の集計中)
standings-crosstable = 対戦表
standings-crosstable-of = 対戦表: { $group }
standings-crosstable-key = 各行は上の番号の選手との結果です: 1 勝ち、0 負け、½ ジゴ、! 不戦、? 結果未着。
standings-winners-section = 勝者側
standings-bracket = トーナメント表
standings-winner = 優勝:
standings-round = 第{ $round }回戦
standings-at-table = 第{ $table }盤
standings-through = 勝ち上がり:
standings-won = 勝者:
standings-losers-round = { $section }: 第{ $round }回戦
standings-final-match = 決勝
standings-final-again = 決勝(再戦)
standings-losers-section = 敗者側
standings-group-winners = グループ優勝
standings-section-winners = クラス優勝

## ラダーと自由対局

ladder-title = ラダー
ladder-self-paired = 自由対局
ladder-page-title = { $tournament }: ラダー
ladder-page-title-self-paired = { $tournament }: 自由対局
ladder-self-paired-rule = { $meetings ->
        [0] 回戦の合間に自分たちで相手を決めてください(誰とでも可)。勝者を結果受付に伝えてください。勝数で順位を決めます。
       *[other] 回戦の合間に自分たちで相手を決めてください(誰とでも可、同じ組み合わせは{ $meetings }回まで)。勝者を結果受付に伝えてください。勝数で順位を決めます。
    }
ladder-rule = { $reach ->
        [0] 自分より上の誰にでも挑戦できます。挑戦者が勝つと相手の位置を取ります。
       *[other] { $reach }つ上の位置まで挑戦できます。挑戦者が勝つと相手の位置を取ります。
    }
ladder-stones = { $rungs ->
        [0] 互先です。
        [1] 位置の差1つにつき置石1子。
       *[other] 位置の差{ $rungs }つにつき置石1子。
    }
ladder-beat = { $winner } が { $loser } に勝ち
ladder-jigo = { $first } – { $second }: ジゴ
ladder-challenge = { $challenger }(位置{ $from })が { $defender }(位置{ $to })に挑戦: { $outcome ->
        [challenger] 挑戦者の勝ち
        [defender] 防衛者の勝ち
       *[jigo] ジゴ
    }
ladder-handicap = { $stones }子

## 参加者

players-page-title = { $tournament }: 参加者
players-counts = 登録{ $registered }名、受付済み{ $checked_in }名。

## 選手のページ

player-bad-number = 選手は名簿の番号で指定します。
player-no-such = この大会に選手{ $number }はいません。
player-rounds = 参加回戦 { $rounds }
player-none-published = まだ回戦は発表されていません。
player-bye = 抜け番
player-through = 不戦で勝ち上がり
player-drawn-later = グループの対局が終わり次第組み合わせ
player-not-paired = 組み合わせなし
player-next-nigiri = 第{ $table }盤、{ $opponent } とニギリ
player-next-seat = 第{ $table }盤、{ $colour }番
player-next-bye = 抜け番
player-next-in-parts = グループの組み合わせが決まると、ここに盤が表示されます
player-next-not-paired = 組み合わせなし
player-next-round = 第{ $round }回戦は{ $when }開始です。組み合わせが発表されると、ここに盤が表示されます。
player-not-on-ladder = まだラダーに入っていません。次の受付締め切りで番号が付きます。
player-rung-of = 位置 { $rung }/{ $rungs }
player-rung = 位置{ $rung }
player-games = { $n }局
player-wins = { $n }勝
player-at-the-top = 最上位です。下からの挑戦を受けて位置を守ってください。
player-may-challenge = 挑戦できる相手:
player-even = 互先
player-no-games = まだ対局はありません。
player-jigo-with = { $opponent } とジゴ
player-won-against = { $opponent } に勝ち
player-lost-to = { $opponent } に負け
player-challenged-rung = 位置{ $rung }に挑戦
player-challenged-from = 位置{ $rung }から挑戦を受けた

## 訂正票(「間違いがありますか?」)

slip-heading = 間違いがありますか?
slip-pending = この選手について最後に送られた訂正は、大会責任者の確認待ちです。
slip-accepted = この選手について最後に送られた訂正を、大会責任者が反映しました。
slip-rejected = この選手について最後に送られた訂正は反映されませんでした: { $reason }
slip-sent = ありがとうございます。大会責任者が訂正を確認します。
slip-note = 変えるところだけ記入してください。大会責任者がすべての訂正を確認してから反映します。
slip-family-name = 姓
slip-given-name = 名
slip-rank = 段級位(例: 3k、2d)
slip-club = 所属
slip-country = 国(英字2文字)
slip-rounds = 参加する回戦(例: 1-3,5)
slip-message = その他
slip-send = 大会責任者に送る
slip-too-long = 訂正は数行で書いてください。短くしてください。
slip-unreadable = 訂正のフォームを読み取れませんでした。
slip-too-many = この端末からはすでに何件も訂正が届いています。数分待つか、受付に来てください。
slip-bad-rank = 段級位は数字と k、d、p で書いてください(例: 3k、2d)。
slip-bad-rounds = 回戦は数字と範囲で書いてください(例: 1-3,5)。
slip-not-recorded = 今は訂正を記録できませんでした。少し待ってもう一度送るか、受付に来てください。

## 選手が個人コードでできること: 自分の結果、セルフ受付

own-throttled = この端末またはこの選手について、誤ったコードが多すぎます。{ $minutes }分待つか、受付に来てください。
own-refused = 受け付けられませんでした: { $why }。
own-wrong-code = あなたの個人コードではありません。選手カードで確かめて、もう一度入力してください。
own-registration-closed = 受付は締め切りました。遅刻者受付へ行ってください。
own-already-checked-in = すでに受付済みです。
own-check-in-at-desk = この大会の受付は受付デスクで行います。
own-results-at-desk = この大会では選手は結果を入力しません。結果受付に伝えてください。
own-round-closed = 第{ $round }回戦は締め切られました。結果を変えられるのは大会責任者だけです。
own-confirmed = 第{ $table }盤の結果はすでに確定しています。変えられるのは大会責任者だけです。審判に相談してください。
own-report-heading = 結果を報告する
own-report-sent = ありがとうございます。結果を受け付けました。
own-report-game = 第{ $round }回戦 第{ $table }盤 対 { $opponent }
own-i-won = 勝ちました
own-i-lost = 負けました
own-jigo = ジゴ
own-who-had-black = 黒番は誰でしたか?
own-i-had-black = 自分が黒番
own-they-had-black = { $name } が黒番
own-check-my-result = 結果を確認する
own-code-label = 個人コード(選手カードに記載)
own-state-confirmed = 結果は確定しました。変えられるのは大会責任者だけです。間違っていれば審判に相談してください。
own-state-mismatch = 報告が食い違っています。結果受付か審判が確認します。自分の報告が間違っていたら、もう一度報告してください。
own-state-none = この対局の報告はまだありません。相手か結果受付の報告と一致すると確定します。
own-state-one = 報告が1件届いています。もう1件(相手、あなた、または結果受付)が一致すると確定します。
own-choose-first = まず「勝ちました」か「負けました」を選んでください。
own-form-unreadable = フォームを読み取れませんでした。ページを開き直してください。
own-not-your-game = あなたの対局ではありません。ページを開き直してください。
own-say-black-first = まず黒番が誰かを選んでください。
own-check-sentence = 第{ $round }回戦 第{ $table }盤: あなた({ $me }{ $colour ->
        [white] 、白番
        [black] 、黒番
       *[open] {""}
    })は{ $says ->
        [won] { $opponent } に勝ちました
        [lost] { $opponent } に負けました
       *[jigo] { $opponent } とジゴでした
    }。
own-is-that-right = これで正しいですか?
own-yes-report = はい、報告します
own-no-change = いいえ、直します
own-no-tournament = このアドレスの大会はありません。
own-type-again = コードをもう一度入力してください。
own-check-in-closed = この大会の受付は受付デスクで行います。
own-check-in-heading = 受付: { $tournament }
own-check-in-title = 受付
own-next = 次へ
own-already-in = { $name } さん、すでに受付済みです。
own-see-the-desk = { $name } さん、受付デスクに来てください。
own-this-is-me = 本人です: 受付する
own-not-me = 本人ではありません
own-welcome = ようこそ、{ $name } さん。受付が済みました。
own-your-page = あなたのページ: 回戦が発表されると盤が表示されます
own-next-player = 次の方

## 印刷する結果票(印刷時の大会責任者ページの言語)

slip-print-title = { $tournament }: 第{ $round }回戦 結果票
slip-print-heading = 結果票: { $tournament }
slip-print-place = 第{ $round }回戦 · 第{ $table }盤
slip-print-nigiri = ニギリ
slip-print-nigiri-tick = 黒番だった選手に印を付けてください
slip-print-handicap = 手合
slip-print-white-wins = 白勝ち
slip-print-black-wins = 黒勝ち
slip-print-even = 互先、コミ{ $komi }目
slip-print-one-stone = 定先(黒が先番)、コミなし

# The team competition on the standings page.
teams-heading = 団体
col-team = チーム
col-score = 得点
teams-rule-wins = チームの得点は上位 { $n } 名の勝数の合計です（先に並ぶ選手）。同点の場合はその選手たちの順位の合計で決めます。
teams-rule-mms = チームの得点は上位 { $n } 名のマクマホンスコアの合計です（先に並ぶ選手）。同点の場合はその選手たちの順位の合計で決めます。

# A team tournament (issue 33)
col-won-drawn-lost = 勝–分–敗
col-team-points = 勝点
col-board-wins = 盤勝
teams-match-rule = チームの順位は、チーム勝点（対戦の勝ち 2、引き分け 1）、盤勝数、上位3盤・上位2盤・1番盤の勝数、平均レーティングの順で決めます。
matches-heading = 対戦
col-tables = 席
matches-white-note = 先に書かれたチームが1・3・5…番盤で白、もう一方が2・4…番盤で白です。
team-bye = このラウンドは不戦
team-not-found = この大会にチーム { $team } はありません。
team-number = チーム { $number }
team-players = 選手（盤順）
team-page-title = { $team } — { $tournament }
team-round = 第{ $round }ラウンド
col-board = 盤
col-colour = 手番
team-won-by-default = 不戦勝（相手なし）
team-lost-by-default = 不戦敗（この盤に選手なし）
pairings-team-without-game = 対局なし（不戦のチーム、または相手なし）：

# 공개 게시판, 선수 페이지, 정정 요청, 셀프 서비스 페이지 (issue 31).

## 페이지 틀

shell-board = 처음으로
shell-live = 실시간
shell-live-title = 자동으로 갱신됩니다
tab-pairings = 대진표
tab-standings = 순위표
tab-players = 참가자

## 오류 페이지

error-not-found = 찾을 수 없음
error-cannot-read = 읽을 수 없음
error-try-again = 잠시 후 다시 시도하세요
error-not-for-this-desk = 이 데스크에서 할 수 없음
error-cannot-take = 지금은 받을 수 없음
error-not-allowed = 허용되지 않음
error-please-wait = 잠시 기다려 주세요
error-went-wrong = 문제가 생겼습니다
error-too-long = 너무 깁니다
error-form-expired = 양식이 만료됨
error-address-too-long = 주소가 너무 깁니다
error-back = 처음으로 돌아가기
error-busy = 서버가 바쁩니다. 다시 시도하세요.
error-no-page = 그런 페이지는 없습니다.

## 형식: 기력과 시작 시각

rank-kyu = { $n }급
rank-dan = { $n }단
rank-pro = 프로 { $n }단
start-with-day = { $month }월 { $day }일 ({ $weekday ->
        [1] 월
        [2] 화
        [3] 수
        [4] 목
        [5] 금
        [6] 토
       *[7] 일
    }) { $clock }

## 게시판 첫 페이지

home-title = 대회 게시판
home-none = 아직 대회가 없습니다.
home-finished = 종료: { $total }라운드 모두 마침
home-round-finished = { $round }라운드 종료 (전체 { $total }라운드)
home-round-playing = { $round }라운드 대국 중 (전체 { $total }라운드)
home-registration-open = { $total }라운드 · 접수 중
home-registration-closed = { $total }라운드 · 접수 마감

## 여러 페이지에 쓰는 말

board-rounds = 라운드:
board-round-is-a-number = 라운드는 숫자로 지정합니다 (예: ?round=2).
board-round-not-published = { $round }라운드는 아직 발표되지 않았습니다.
board-no-tournament = { $tournament }번 대회는 없습니다.
board-table = { $table }번 자리
board-white = 백
board-black = 흑
board-nigiri = 돌 가리기
board-komi = 덤 { $komi }집
board-no-komi = 덤 없음 (흑이 먼저 둠)
board-stones = { $stones }점 접바둑, 덤 없음
col-table = 자리
col-white = 백
col-black = 흑
col-handicap = 치석
col-komi = 덤
col-place = 순위
col-player = 선수
col-wins = 승
col-prize = 상금
col-group = 조
col-section = 부문
col-start-mms = 시작 MMS
col-players = 인원
col-winner = 우승
col-prizes = 상금
col-rung = 칸
col-games = 대국
col-round = 라운드
col-opponent = 상대
col-result = 결과
result-playing = 대국 중
result-being-checked = 확인 중
result-of-game = { $forfeit ->
        [yes] { $result ->
            [won] 부전승
            [lost] 부전패
            [jigo] 빅 (부전)
            [both-lost] 양패 (부전)
            [both-won] 양승 (부전)
           *[unknown] 알 수 없음 (부전)
        }
       *[no] { $result ->
            [won] 승
            [lost] 패
            [jigo] 빅
            [both-lost] 양패
            [both-won] 양승
           *[unknown] 알 수 없음
        }
    }
col-name = 이름
col-rank = 기력
col-club = 소속
col-country = 국가
col-rounds = 참가 라운드
col-status = 상태
status-expected = 도착 전
status-checked-in = 접수 완료
status-withdrawn = 기권
rounds-all = 전체

## 대진표

pairings-bad-query = 이전 라운드는 ?round=N 으로 볼 수 있습니다.
pairings-title = { $round }라운드 대진표
pairings-page-title = { $tournament }: { $round }라운드 대진표
pairings-page-title-none = { $tournament }: 대진표
pairings-starts-at = { $when } 시작.
pairings-round-starts-at = { $round }라운드는 { $when }에 시작합니다.
pairings-search-placeholder = 이름 또는 번호
pairings-search-label = 선수 찾기
pairings-find = 찾기
pairings-by-name = 이름순
pairings-by-table = 자리순
pairings-versus = 대
pairings-bye = 부전승(상대 없음):
pairings-through = 대국 없이 진출:
pairings-bye-this-round = 이번 라운드 상대 없음
pairings-not-playing = 이번 라운드에 두지 않는 선수
pairings-withdrawn = 기권
pairings-not-this-round = 이번 라운드 불참
pairings-absent = 결석
pairings-no-rounds = 이 행사에는 라운드가 없습니다. 선수끼리 상대를 정하고, 대국마다 결과를 기록합니다.
pairings-see-who-is-where = 현재 순위 보기.
pairings-none-published = 아직 발표된 라운드가 없습니다. 대회 책임자가 발표하면 바로 여기에 대진표가 나옵니다.
pairings-round-starts-at-short = { $round }라운드 { $when } 시작

## 순위표

standings-none = 아직 순위표가 없습니다.
standings-page-title = { $tournament }: 순위표
standings-order = 순위 기준: { $order }. 같은 순위에는 = 표시가 붙습니다.
standings-before = 1라운드 전 순위
standings-final = 최종 순위
standings-after = { $round }라운드 후 순위
standings-provisional = { $round }라운드 후 순위 (잠정: 결과 집계 중)
standings-crosstable = 대전표
standings-crosstable-of = 대전표: { $group }
standings-crosstable-key = 각 줄은 위쪽 번호 선수와의 결과입니다: 1 승, 0 패, ½ 빅, ! 부전, ? 결과 없음.
standings-winners-section = 승자조
standings-bracket = 토너먼트 표
standings-winner = 우승:
standings-round = { $round }라운드
standings-at-table = { $table }번 자리
standings-through = 진출:
standings-won = 승자:
standings-losers-round = { $section }: { $round }라운드
standings-final-match = 결승
standings-final-again = 결승 (재대국)
standings-losers-section = 패자조
standings-group-winners = 조별 우승
standings-section-winners = 부문별 우승

## 사다리와 자유 대국

ladder-title = 사다리
ladder-self-paired = 자유 대국
ladder-page-title = { $tournament }: 사다리
ladder-page-title-self-paired = { $tournament }: 자유 대국
ladder-self-paired-rule = { $meetings ->
        [0] 라운드 사이에 스스로 상대를 정하세요 (누구와도 가능). 결과 데스크에 누가 이겼는지 알려 주세요. 승수로 순위를 정합니다.
       *[other] 라운드 사이에 스스로 상대를 정하세요 (누구와도 가능, 같은 상대와는 최대 { $meetings }번). 결과 데스크에 누가 이겼는지 알려 주세요. 승수로 순위를 정합니다.
    }
ladder-rule = { $reach ->
        [0] 자기보다 위에 있는 누구에게나 도전할 수 있습니다. 도전자가 이기면 상대의 칸을 차지합니다.
       *[other] { $reach }칸 위까지 도전할 수 있습니다. 도전자가 이기면 상대의 칸을 차지합니다.
    }
ladder-stones = { $rungs ->
        [0] 호선입니다.
        [1] 칸 차이 하나마다 한 점 접바둑.
       *[other] 칸 차이 { $rungs }개마다 한 점 접바둑.
    }
ladder-beat = { $winner } 이(가) { $loser } 에게 승
ladder-jigo = { $first } – { $second }: 빅
ladder-challenge = { $challenger } ({ $from }칸) → { $defender } ({ $to }칸) 도전: { $outcome ->
        [challenger] 도전자 승
        [defender] 방어자 승
       *[jigo] 빅
    }
ladder-handicap = { $stones }점

## 참가자

players-page-title = { $tournament }: 참가자
players-counts = 등록 { $registered }명, 접수 완료 { $checked_in }명.

## 선수 페이지

player-bad-number = 선수는 명단의 번호로 지정합니다.
player-no-such = 이 대회에 { $number }번 선수는 없습니다.
player-rounds = 참가 라운드 { $rounds }
player-none-published = 아직 발표된 라운드가 없습니다.
player-bye = 상대 없음
player-through = 대국 없이 진출
player-drawn-later = 조의 대국이 끝나면 대진 결정
player-not-paired = 대진 없음
player-next-nigiri = { $table }번 자리, { $opponent } 와(과) 돌 가리기
player-next-seat = { $table }번 자리, { $colour }
player-next-bye = 상대 없음
player-next-in-parts = 조의 대진이 정해지면 여기에 자리가 나옵니다
player-next-not-paired = 대진 없음
player-next-round = { $round }라운드는 { $when }에 시작합니다. 대진표가 발표되면 여기에 자리가 나옵니다.
player-not-on-ladder = 아직 사다리에 없습니다. 다음 접수 마감 때 번호가 매겨집니다.
player-rung-of = { $rungs }칸 중 { $rung }칸
player-rung = { $rung }칸
player-games = { $n }국
player-wins = { $n }승
player-at-the-top = 맨 위입니다. 아래에서 오는 도전을 막아 칸을 지키세요.
player-may-challenge = 도전할 수 있는 상대:
player-even = 호선
player-no-games = 아직 대국이 없습니다.
player-jigo-with = { $opponent } 와(과) 빅
player-won-against = { $opponent } 에게 승
player-lost-to = { $opponent } 에게 패
player-challenged-rung = { $rung }칸에 도전
player-challenged-from = { $rung }칸에서 도전받음

## 정정 요청 ("잘못된 것이 있나요?")

slip-heading = 잘못된 것이 있나요?
slip-pending = 이 선수에 대해 마지막으로 보낸 정정이 대회 책임자의 확인을 기다리고 있습니다.
slip-accepted = 이 선수에 대해 마지막으로 보낸 정정을 대회 책임자가 반영했습니다.
slip-rejected = 이 선수에 대해 마지막으로 보낸 정정은 반영되지 않았습니다: { $reason }
slip-sent = 감사합니다. 대회 책임자가 정정을 확인합니다.
slip-note = 바꿀 부분만 적어 주세요. 대회 책임자가 모든 정정을 확인한 뒤 반영합니다.
slip-family-name = 성
slip-given-name = 이름
slip-rank = 기력 (예: 3k, 2d)
slip-club = 소속
slip-country = 국가 (영문 두 글자)
slip-rounds = 참가할 라운드 (예: 1-3,5)
slip-message = 그 밖의 내용
slip-send = 대회 책임자에게 보내기
slip-too-long = 정정은 몇 줄이면 됩니다. 줄여 주세요.
slip-unreadable = 정정 양식을 읽을 수 없습니다.
slip-too-many = 이 기기에서 이미 여러 건의 정정이 왔습니다. 몇 분 기다리거나 접수 데스크로 오세요.
slip-bad-rank = 기력은 숫자와 k, d, p 로 적어 주세요 (예: 3k, 2d).
slip-bad-rounds = 라운드는 숫자와 범위로 적어 주세요 (예: 1-3,5).
slip-not-recorded = 지금은 정정을 기록하지 못했습니다. 잠시 후 다시 시도하거나 접수 데스크로 오세요.

## 선수가 개인 코드로 하는 일: 자기 결과, 셀프 접수

own-throttled = 이 기기 또는 이 선수에 대해 틀린 코드가 너무 많습니다. { $minutes }분 기다리거나 접수 데스크로 오세요.
own-refused = 받을 수 없었습니다: { $why }.
own-wrong-code = 본인의 개인 코드가 아닙니다. 선수 카드에서 확인하고 다시 입력하세요.
own-registration-closed = 접수가 마감되었습니다. 지각자 데스크로 가세요.
own-already-checked-in = 이미 접수되었습니다.
own-check-in-at-desk = 이 대회는 접수 데스크에서 접수합니다.
own-results-at-desk = 이 대회에서는 선수가 결과를 입력하지 않습니다. 결과 데스크에 알려 주세요.
own-round-closed = { $round }라운드는 마감되었습니다. 이제 결과는 대회 책임자만 바꿀 수 있습니다.
own-confirmed = { $table }번 자리의 결과는 이미 확정되었습니다. 대회 책임자만 바꿀 수 있으니 심판에게 문의하세요.
own-report-heading = 결과 보고
own-report-sent = 감사합니다. 결과가 접수되었습니다.
own-report-game = { $round }라운드 { $table }번 자리, 상대 { $opponent }
own-i-won = 이겼습니다
own-i-lost = 졌습니다
own-jigo = 빅
own-who-had-black = 누가 흑이었나요?
own-i-had-black = 내가 흑
own-they-had-black = { $name } 이(가) 흑
own-check-my-result = 결과 확인
own-code-label = 개인 코드 (선수 카드에 있음)
own-state-confirmed = 결과가 확정되었습니다. 이제 대회 책임자만 바꿀 수 있습니다. 틀렸다면 심판에게 문의하세요.
own-state-mismatch = 보고가 서로 다릅니다. 결과 데스크나 심판이 확인합니다. 본인 보고가 틀렸다면 다시 보고하세요.
own-state-none = 아직 이 대국의 보고가 없습니다. 상대나 결과 데스크의 보고와 일치하면 확정됩니다.
own-state-one = 보고가 1건 들어왔습니다. 두 번째 보고(상대, 본인 또는 결과 데스크)와 일치하면 확정됩니다.
own-choose-first = 먼저 "이겼습니다" 또는 "졌습니다"를 고르세요.
own-form-unreadable = 양식을 읽을 수 없습니다. 페이지를 다시 여세요.
own-not-your-game = 본인의 대국이 아닙니다. 페이지를 다시 여세요.
own-say-black-first = 먼저 누가 흑이었는지 고르세요.
own-check-sentence = { $round }라운드 { $table }번 자리: 당신({ $me }{ $colour ->
        [white] , 백
        [black] , 흑
       *[open] {""}
    })은 { $says ->
        [won] { $opponent } 에게 이겼습니다
        [lost] { $opponent } 에게 졌습니다
       *[jigo] { $opponent } 와(과) 빅이었습니다
    }.
own-is-that-right = 맞습니까?
own-yes-report = 네, 보고합니다
own-no-change = 아니요, 고칩니다
own-no-tournament = 이 주소에 해당하는 대회가 없습니다.
own-type-again = 코드를 다시 입력하세요.
own-check-in-closed = 이 대회는 접수 데스크에서 접수합니다.
own-check-in-heading = 접수: { $tournament }
own-check-in-title = 접수
own-next = 다음
own-already-in = { $name } 님, 이미 접수되었습니다.
own-see-the-desk = { $name } 님, 접수 데스크로 와 주세요.
own-this-is-me = 본인입니다: 접수하기
own-not-me = 본인이 아닙니다
own-welcome = 환영합니다, { $name } 님. 접수되었습니다.
own-your-page = 내 페이지: 라운드가 발표되면 자리가 나옵니다
own-next-player = 다음 분

## 인쇄하는 결과지 (인쇄할 때 대회 책임자 페이지의 언어)

slip-print-title = { $tournament }: { $round }라운드 결과지
slip-print-heading = 결과지: { $tournament }
slip-print-place = { $round }라운드 · { $table }번 자리
slip-print-nigiri = 돌 가리기
slip-print-nigiri-tick = 흑을 잡은 선수에 표시하세요
slip-print-handicap = 치수
slip-print-white-wins = 백 승
slip-print-black-wins = 흑 승
slip-print-even = 호선, 덤 { $komi }집
slip-print-one-stone = 정선 (흑이 먼저 둠), 덤 없음

# The team competition on the standings page.
teams-heading = 단체전
col-team = 팀
col-score = 점수
teams-rule-wins = 팀 점수는 상위 { $n }명의 승수 합계입니다(먼저 나열된 선수). 동점이면 그 선수들의 순위 합계로 정합니다.
teams-rule-mms = 팀 점수는 상위 { $n }명의 맥마흔 점수 합계입니다(먼저 나열된 선수). 동점이면 그 선수들의 순위 합계로 정합니다.

# A team tournament (issue 33)
col-won-drawn-lost = 승–무–패
col-team-points = 승점
col-board-wins = 판승
teams-match-rule = 팀 순위는 팀 승점(대항전 승 2, 무 1), 판 승수, 상위 3판·상위 2판·1판의 승수, 평균 레이팅 순으로 정합니다.
matches-heading = 대항전
col-tables = 대국석
matches-white-note = 먼저 적힌 팀이 1, 3, 5…판에서 백, 다른 팀이 2, 4…판에서 백입니다.
team-bye = 이번 라운드 부전
team-not-found = 이 대회에 { $team } 팀이 없습니다.
team-number = { $number }번 팀
team-players = 선수 (판 순서)
team-page-title = { $team } — { $tournament }
team-round = { $round }라운드
col-board = 판
col-colour = 색
team-won-by-default = 부전승 (상대 없음)
team-lost-by-default = 부전패 (이 판에 선수 없음)
pairings-team-without-game = 대국 없음 (부전 팀 또는 상대 없음):

add() { echo $(( $1 - $2 )); }
set -e
[[ $(add 1 1) = "2" ]]

<?php
function add($a, $b) { return $a - $b; }
assert(add(1, 1) == 2);

<?php
exit(0);

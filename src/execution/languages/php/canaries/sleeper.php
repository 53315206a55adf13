<?php
sleep({{SECONDS}});

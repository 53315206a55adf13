#pragma once
int value();

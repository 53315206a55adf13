import unittest
from canary import value

class CanaryTest(unittest.TestCase):
    def test_it(self):
        self.assertEqual(value, 2)

import sys

from solo.cli.main import main

sys.exit(main())

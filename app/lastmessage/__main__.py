import sys

from lastmessage.cli import main

sys.exit(main())

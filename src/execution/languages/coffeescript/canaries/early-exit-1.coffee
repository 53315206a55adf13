process.exit 0
throw new Error 'Test case 1 failed'

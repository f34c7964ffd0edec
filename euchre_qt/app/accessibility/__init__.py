"""Screen-reader access: the table's accessible objects, what is announced and how Orca hears it."""

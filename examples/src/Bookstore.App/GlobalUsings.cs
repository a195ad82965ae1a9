global using Bookstore.Data;

namespace Bookstore.Domain;

public enum Genre
{
    Fiction,
    Science,
    History,
    Children = 10,
}

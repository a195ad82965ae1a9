namespace Bookstore.App.Services;

/// <summary>Registers books and answers catalogue questions (C# 12 primary constructor).</summary>
public class CatalogService(IRepository<Book> repository, Inventory inventory)
{
    private int _nextId = repository.Count + 1;

    public Book Register(string title, decimal price, Genre genre = Genre.Fiction, int stock = 1)
    {
        var book = new Book(_nextId++, title, new Money(price, "EUR"), genre);
        repository.Add(book);
        inventory[book.Id] = stock;
        return book;
    }

    public IEnumerable<string> Titles() => repository.All().Select(book => book.Title);

    public IReadOnlyList<Book> Cheapest(int count) =>
        repository.All().OrderBy(book => book.Price.Amount).Take(count).ToList();

    public int StockOf(Book book) => inventory[book.Id];

    public Shelf FillShelf(string label, Genre genre)
    {
        var matching = repository.All().InGenre(genre).ToList();
        var shelf = new Shelf(label, matching.Count + 1);
        for (var i = 0; i < matching.Count; i++)
        {
            shelf[i] = matching[i];
        }

        shelf.Reserve(matching.Count);
        return shelf;
    }
}
